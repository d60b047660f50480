-- The biggest pots: what the seats put in, per hand, largest first.
SELECT d.id, d.source, d.currency, sum(s.put_in) AS pot, d.winner
FROM deals d JOIN seats s ON s.deal_id = d.id
GROUP BY d.id, d.source, d.currency, d.winner
ORDER BY sum(s.put_in) DESC, d.id
LIMIT 5;
