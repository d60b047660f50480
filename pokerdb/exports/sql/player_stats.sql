-- Every player's statistics per money, as `pokerdb players` shows them: hands, VPIP, PFR,
-- 3-bet, fold to 3-bet, c-bet, fold to c-bet, aggression factor and frequency, went to
-- showdown, won at showdown (percentages to one place, ratios and bb/100 to two), the net and
-- the all-in adjusted net (exact decimals of four places).
-- Reads seat_stats and hands (for the all-in equity's net) of pokerdb's Parquet export; runs
-- unchanged on DuckDB and Spark SQL (docs/parquet.md). A figure is NULL where the player
-- never had the chance. Each share is rounded half away from zero from its exact value (the
-- double is made a decimal of ten places first, so a half is not missed by a last bit).
WITH totals AS (
  SELECT name, currency, COUNT(*) AS hands, SUM(net) AS net,
         SUM(preflop_acted) AS preflop_acted, SUM(vpip) AS vpip, SUM(pfr) AS pfr,
         SUM(three_bet_chance) AS three_bet_chance, SUM(three_bet) AS three_bet,
         SUM(faced_three_bet) AS faced_three_bet,
         SUM(folded_to_three_bet) AS folded_to_three_bet,
         SUM(cbet_chance) AS cbet_chance, SUM(cbet) AS cbet,
         SUM(faced_cbet) AS faced_cbet, SUM(folded_to_cbet) AS folded_to_cbet,
         SUM(postflop_aggressive) AS postflop_aggressive,
         SUM(postflop_calls) AS postflop_calls, SUM(postflop_folds) AS postflop_folds,
         SUM(saw_flop) AS saw_flop, SUM(went_to_showdown) AS went_to_showdown,
         SUM(won_at_showdown) AS won_at_showdown
  FROM seat_stats
  WHERE name IS NOT NULL
  GROUP BY name, currency
),
big_blinds AS (
  -- the net in big blinds, over the hands that have one: each big blind's net summed
  -- exactly, then divided by it
  SELECT name, currency, SUM(net_big_blinds) AS net_big_blinds,
         SUM(hands) AS hands_with_big_blind
  FROM (SELECT name, currency, CAST(SUM(net) AS DOUBLE) / CAST(big_blind AS DOUBLE)
                 AS net_big_blinds, COUNT(*) AS hands
        FROM seat_stats
        WHERE name IS NOT NULL AND big_blind IS NOT NULL
        GROUP BY name, currency, big_blind) b
  GROUP BY name, currency
),
allin AS (
  -- the seats all in before the river whose all-in equity is known: their all-in net
  SELECT s.name, s.currency, SUM(h.allin_net - s.net) AS allin_delta
  FROM seat_stats s
  JOIN hands h ON h.deal_id = s.deal_id AND h.player = s.player
  WHERE s.allin = 1 AND s.name IS NOT NULL AND h.allin_net IS NOT NULL
  GROUP BY s.name, s.currency
)
SELECT t.name AS player, t.currency, t.hands,
       CAST(ROUND(CAST(100 * t.vpip / NULLIF(t.preflop_acted, 0) AS DECIMAL(38, 10)), 1)
            AS DECIMAL(18, 1)) AS vpip,
       CAST(ROUND(CAST(100 * t.pfr / NULLIF(t.preflop_acted, 0) AS DECIMAL(38, 10)), 1)
            AS DECIMAL(18, 1)) AS pfr,
       CAST(ROUND(CAST(100 * t.three_bet / NULLIF(t.three_bet_chance, 0) AS DECIMAL(38, 10)), 1)
            AS DECIMAL(18, 1)) AS three_bet,
       CAST(ROUND(CAST(100 * t.folded_to_three_bet / NULLIF(t.faced_three_bet, 0)
                       AS DECIMAL(38, 10)), 1) AS DECIMAL(18, 1)) AS fold_to_three_bet,
       CAST(ROUND(CAST(100 * t.cbet / NULLIF(t.cbet_chance, 0) AS DECIMAL(38, 10)), 1)
            AS DECIMAL(18, 1)) AS cbet,
       CAST(ROUND(CAST(100 * t.folded_to_cbet / NULLIF(t.faced_cbet, 0) AS DECIMAL(38, 10)), 1)
            AS DECIMAL(18, 1)) AS fold_to_cbet,
       CAST(ROUND(CAST(t.postflop_aggressive / NULLIF(t.postflop_calls, 0) AS DECIMAL(38, 10)),
                  2) AS DECIMAL(18, 2)) AS aggression_factor,
       CAST(ROUND(CAST(100 * t.postflop_aggressive / NULLIF(t.postflop_aggressive
                       + t.postflop_calls + t.postflop_folds, 0) AS DECIMAL(38, 10)), 1)
            AS DECIMAL(18, 1)) AS aggression_frequency,
       CAST(ROUND(CAST(100 * t.went_to_showdown / NULLIF(t.saw_flop, 0) AS DECIMAL(38, 10)), 1)
            AS DECIMAL(18, 1)) AS went_to_showdown,
       CAST(ROUND(CAST(100 * t.won_at_showdown / NULLIF(t.went_to_showdown, 0)
                       AS DECIMAL(38, 10)), 1) AS DECIMAL(18, 1)) AS won_at_showdown,
       t.net,
       CAST(ROUND(CAST(100 * b.net_big_blinds / NULLIF(b.hands_with_big_blind, 0)
                       AS DECIMAL(38, 10)), 2) AS DECIMAL(18, 2)) AS bb_per_100,
       t.net + COALESCE(a.allin_delta, 0) AS allin_adjusted_net
FROM totals t
LEFT JOIN big_blinds b ON b.name = t.name AND b.currency = t.currency
LEFT JOIN allin a ON a.name = t.name AND a.currency = t.currency
ORDER BY t.net DESC, player, t.currency;
