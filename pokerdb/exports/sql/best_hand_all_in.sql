-- How often the best hand at a showdown (the main pot's single winner) had been all in
-- before the river.
SELECT count(*) AS showdowns,
       sum(CASE WHEN w.allin_stake = w.starting_stack THEN 1 ELSE 0 END) AS best_hand_all_in
FROM deals d JOIN hands w ON w.deal_id = d.id AND w.player = d.winner
WHERE w.showed;
