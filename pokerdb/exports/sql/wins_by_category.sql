-- Wins by the winning hand's category (deals evaluated: five-card, Hold'em and recorded hands
-- whose showdown had one winner).
SELECT h.category, h.category_name AS winning_category, count(*) AS wins
FROM deals d JOIN hands h ON h.deal_id = d.id AND h.player = d.winner
WHERE h.category IS NOT NULL
GROUP BY h.category, h.category_name
ORDER BY h.category;
