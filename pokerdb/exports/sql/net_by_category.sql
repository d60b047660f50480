-- The net by the category of the hand each player showed (the cookbook's second question on
-- hand histories); `category` orders the categories of each kind of hand, worst first.
SELECT h.name, h.currency, h.category, h.category_name, count(*) AS showdowns,
       sum(h.net) AS net
FROM hands h
WHERE h.showed AND h.name IS NOT NULL
GROUP BY h.name, h.currency, h.category, h.category_name
ORDER BY h.name, h.currency, h.category;
