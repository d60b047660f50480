-- The hands of each format and month (the export's partitions, read from the folders' names)
-- and the datasets they come from.
SELECT d.format, d.month, count(*) AS hands, count(DISTINCT d.dataset_id) AS datasets
FROM deals d
GROUP BY d.format, d.month
ORDER BY d.format, d.month;
