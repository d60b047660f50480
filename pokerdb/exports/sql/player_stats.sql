-- Every player's statistics per money, as `pokerdb players` shows them: hands (and of them
-- those whose result is unknown: a showdown of cards the file does not know, no winnings, the
-- seat's net NULL), VPIP, PFR, 3-bet, fold to 3-bet, c-bet, fold to c-bet, aggression factor
-- and frequency, went to showdown, won at showdown (percentages to one place, ratios and
-- bb/100 to two), the net and the all-in adjusted net (exact decimals of four places). The
-- net, bb/100 and won at showdown are over the hands whose result is known.
-- Per position or per stakes (`pokerdb players --by position`, `--by stakes`): write
-- 'position' or 'stakes' for 'player' in the line below; `grouping_key` is then the position
-- or the stakes ('' where not recorded), and '' per player.
-- Reads seat_stats and hands (for the all-in equity's net) of pokerdb's Parquet export; runs
-- unchanged on DuckDB and Spark SQL (docs/parquet.md). A figure is NULL where the player
-- never had the chance. Each share is rounded half away from zero from its exact value (the
-- double is made a decimal of ten places first, so a half is not missed by a last bit).
WITH chosen AS (SELECT 'player' AS grouped_by),
keyed AS (
  SELECT s.*, CASE g.grouped_by WHEN 'position' THEN s.position
                                WHEN 'stakes' THEN COALESCE(s.stakes, '')
                                ELSE '' END AS grouping_key
  FROM seat_stats s CROSS JOIN chosen g
  WHERE s.name IS NOT NULL
),
totals AS (
  SELECT name, currency, grouping_key, COUNT(*) AS hands,
         COUNT(*) - COUNT(net) AS hands_result_unknown, COALESCE(SUM(net), 0) AS net,
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
  FROM keyed
  GROUP BY name, currency, grouping_key
),
big_blinds AS (
  -- the net in big blinds, over the hands that have one: each big blind's net summed
  -- exactly, then divided by it
  SELECT name, currency, grouping_key, SUM(net_big_blinds) AS net_big_blinds,
         SUM(hands) AS hands_with_big_blind
  FROM (SELECT name, currency, grouping_key,
               CAST(SUM(net) AS DOUBLE) / CAST(big_blind AS DOUBLE) AS net_big_blinds,
               COUNT(*) AS hands
        FROM keyed
        WHERE big_blind IS NOT NULL AND net IS NOT NULL
        GROUP BY name, currency, grouping_key, big_blind) b
  GROUP BY name, currency, grouping_key
),
allin AS (
  -- the seats all in before the river whose all-in equity is known: their all-in net
  SELECT s.name, s.currency, s.grouping_key, SUM(h.allin_net - s.net) AS allin_delta
  FROM keyed s
  JOIN hands h ON h.deal_id = s.deal_id AND h.player = s.player
  WHERE s.allin = 1 AND h.allin_net IS NOT NULL
  GROUP BY s.name, s.currency, s.grouping_key
)
SELECT t.name AS player, t.currency, t.grouping_key, t.hands, t.hands_result_unknown,
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
       CAST(ROUND(CAST(100 * t.won_at_showdown / NULLIF(t.went_to_showdown
                                                        - t.hands_result_unknown, 0)
                       AS DECIMAL(38, 10)), 1) AS DECIMAL(18, 1)) AS won_at_showdown,
       t.net,
       CAST(ROUND(CAST(100 * b.net_big_blinds / NULLIF(b.hands_with_big_blind, 0)
                       AS DECIMAL(38, 10)), 2) AS DECIMAL(18, 2)) AS bb_per_100,
       t.net + COALESCE(a.allin_delta, 0) AS allin_adjusted_net
FROM totals t
LEFT JOIN big_blinds b
  ON b.name = t.name AND b.currency = t.currency AND b.grouping_key = t.grouping_key
LEFT JOIN allin a
  ON a.name = t.name AND a.currency = t.currency AND a.grouping_key = t.grouping_key
ORDER BY t.net DESC, player, t.currency, t.grouping_key;
