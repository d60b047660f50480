-- Each player's hands, net, showdowns reached and showdowns won, per money (the cookbook's
-- first question on hand histories). Amounts are exact decimals in the export: no division.
SELECT s.name, d.currency, count(*) AS hands, sum(s.net) AS net,
       sum(CASE WHEN s.showed THEN 1 ELSE 0 END) AS showdowns,
       sum(CASE WHEN s.showed AND s.put_in + s.net > 0 THEN 1 ELSE 0 END) AS showdowns_won
FROM seats s JOIN deals d ON d.id = s.deal_id
WHERE s.name IS NOT NULL
GROUP BY s.name, d.currency
ORDER BY sum(s.net) DESC, s.name, d.currency;
