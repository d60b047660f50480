-- pokerdb's PostgreSQL schema at revision 0039
-- What the migrations make of an empty database (scripts/write-schema-snapshots.py; tests/test_schema_snapshot.py checks it): do not edit.
CREATE TABLE hand_actions (
    deal_id bigint NOT NULL,
    actions text NOT NULL
)
PARTITION BY RANGE (deal_id);
CREATE VIEW actions AS
 SELECT h.deal_id,
    (a.seq)::integer AS seq,
        CASE
            WHEN ("left"(h.actions, 1) <> '['::text) THEN ("substring"((a.value #>> '{}'::text[]), '^([0-9]+) '::text))::smallint
            WHEN (json_typeof(a.value) = 'array'::text) THEN ((a.value ->> 0))::smallint
            WHEN (json_typeof(a.value) = 'string'::text) THEN ("substring"((a.value #>> '{}'::text[]), '^p([1-9][0-9]?) '::text))::smallint
            ELSE NULL::smallint
        END AS player,
        CASE
            WHEN ("left"(h.actions, 1) <> '['::text) THEN
            CASE
                WHEN ((a.value #>> '{}'::text[]) ~ '^[0-9]+ '::text) THEN ('p'::text || (a.value #>> '{}'::text[]))
                WHEN ((a.value #>> '{}'::text[]) ~ '^[0-9]+$'::text) THEN (('d dh p'::text || (a.value #>> '{}'::text[])) || ' ????'::text)
                ELSE ('d '::text || (a.value #>> '{}'::text[]))
            END
            WHEN (json_typeof(a.value) = 'array'::text) THEN (a.value ->> 1)
            WHEN (json_typeof(a.value) = 'number'::text) THEN (('d dh p'::text || (a.value #>> '{}'::text[])) || ' ????'::text)
            ELSE (a.value #>> '{}'::text[])
        END AS action
   FROM (hand_actions h
     CROSS JOIN LATERAL json_array_elements(
        CASE
            WHEN ("left"(h.actions, 1) <> '['::text) THEN ((('["'::text || replace(h.actions, '|'::text, '","'::text)) || '"]'::text))::json
            ELSE (h.actions)::json
        END) WITH ORDINALITY a(value, seq));
CREATE TABLE alembic_version (
    version_num character varying(32) NOT NULL
);
CREATE TABLE categories (
    id smallint NOT NULL,
    name character varying(20) NOT NULL,
    kind character varying(24) NOT NULL
);
CREATE TABLE datasets (
    id integer NOT NULL,
    name character varying(255) NOT NULL,
    sha256 character varying(64) NOT NULL,
    format character varying(16) NOT NULL,
    deals integer NOT NULL,
    imported_at timestamp with time zone NOT NULL,
    game character varying(16) DEFAULT 'five-card'::character varying NOT NULL
);
CREATE SEQUENCE datasets_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE datasets_id_seq OWNED BY datasets.id;
CREATE TABLE deals (
    id bigint NOT NULL,
    dataset_id integer NOT NULL,
    line_no integer NOT NULL,
    winner smallint,
    board character varying(14),
    variant character varying(8),
    hand_number character varying,
    currency character varying,
    ante_trimming boolean,
    played_at timestamp with time zone,
    rake bigint,
    result_known boolean DEFAULT true NOT NULL,
    big_blind bigint,
    source_id integer,
    venue_id integer,
    table_name_id integer,
    stakes_id integer,
    source_key character varying,
    day integer,
    clock bigint,
    date date GENERATED ALWAYS AS ((make_date(1, 1, 1) + (day - 1))) STORED,
    "time" time without time zone GENERATED ALWAYS AS (
CASE
    WHEN (clock >= 0) THEN (make_time(0, 0, (0)::double precision) + ((clock)::double precision * '00:00:01'::interval))
    ELSE (make_time(0, 0, (0)::double precision) + ((('-1'::integer - clock))::double precision * '00:00:00.000001'::interval))
END) STORED,
    extras jsonb,
    allin_board character varying(14) GENERATED ALWAYS AS ((extras ->> 0)) STORED,
    small_bet bigint GENERATED ALWAYS AS (((extras ->> 1))::bigint) STORED,
    big_bet bigint GENERATED ALWAYS AS (((extras ->> 2))::bigint) STORED,
    level character varying GENERATED ALWAYS AS ((extras ->> 3)) STORED,
    tournament character varying GENERATED ALWAYS AS ((extras ->> 4)) STORED,
    buy_in character varying GENERATED ALWAYS AS ((extras ->> 5)) STORED,
    second_board character varying(14) GENERATED ALWAYS AS ((extras ->> 6)) STORED,
    third_board character varying(14) GENERATED ALWAYS AS ((extras ->> 7)) STORED,
    event character varying GENERATED ALWAYS AS ((extras ->> 8)) STORED,
    bring_in bigint GENERATED ALWAYS AS (((extras ->> 9))::bigint) STORED,
    site_values jsonb,
    site character varying GENERATED ALWAYS AS ((site_values ->> 0)) STORED,
    button_seat smallint GENERATED ALWAYS AS (((site_values ->> 1))::smallint) STORED,
    total_pot bigint GENERATED ALWAYS AS (((site_values ->> 2))::bigint) STORED,
    fees bigint GENERATED ALWAYS AS (((site_values ->> 3))::bigint) STORED,
    time_zone character varying GENERATED ALWAYS AS ((site_values ->> 4)) STORED,
    hero smallint GENERATED ALWAYS AS (((site_values ->> 5))::smallint) STORED,
    min_bet_delta bigint,
    min_bet bigint GENERATED ALWAYS AS ((COALESCE(big_blind, (0)::bigint) + min_bet_delta)) STORED
)
PARTITION BY RANGE (id);
CREATE TABLE hand_cards (
    deal_id bigint NOT NULL,
    player smallint NOT NULL,
    cards character varying(20)
)
PARTITION BY RANGE (deal_id);
CREATE TABLE hand_descriptions (
    strength integer NOT NULL,
    description character varying(80) NOT NULL,
    category smallint NOT NULL
);
CREATE TABLE hand_values (
    deal_id bigint NOT NULL,
    player smallint NOT NULL,
    strength integer,
    best smallint
)
PARTITION BY RANGE (deal_id);
CREATE TABLE variants (
    code character varying(8) NOT NULL,
    name character varying(80) NOT NULL,
    high character varying(24) NOT NULL,
    high_naming smallint NOT NULL,
    low character varying(24),
    low_naming smallint
);
CREATE VIEW deal_results AS
 SELECT d.id AS deal_id,
    ds.name AS dataset,
    d.line_no,
    d.board,
    h1.cards AS player1_cards,
    c1.name AS player1_category,
    h2.cards AS player2_cards,
    c2.name AS player2_category,
    d.winner,
        CASE
            WHEN (d.winner IS NULL) THEN NULL::text
            WHEN (d.winner = 0) THEN 'Tie'::text
            ELSE ('Player '::text || d.winner)
        END AS result
   FROM ((((((((((deals d
     JOIN datasets ds ON ((ds.id = d.dataset_id)))
     LEFT JOIN variants vr ON (((vr.code)::text = (d.variant)::text)))
     LEFT JOIN hand_cards h1 ON (((h1.deal_id = d.id) AND (h1.player = 1))))
     LEFT JOIN hand_values v1 ON (((v1.deal_id = d.id) AND (v1.player = 1))))
     LEFT JOIN hand_descriptions d1 ON (((COALESCE((vr.high_naming)::integer, 0) <> 0) AND (d1.strength = ((COALESCE((vr.high_naming)::integer, 0) * 16777216) + v1.strength)))))
     LEFT JOIN categories c1 ON ((c1.id =
        CASE
            WHEN (COALESCE((vr.high_naming)::integer, 0) = 0) THEN ((v1.strength >> 20))::smallint
            ELSE d1.category
        END)))
     LEFT JOIN hand_cards h2 ON (((h2.deal_id = d.id) AND (h2.player = 2))))
     LEFT JOIN hand_values v2 ON (((v2.deal_id = d.id) AND (v2.player = 2))))
     LEFT JOIN hand_descriptions d2 ON (((COALESCE((vr.high_naming)::integer, 0) <> 0) AND (d2.strength = ((COALESCE((vr.high_naming)::integer, 0) * 16777216) + v2.strength)))))
     LEFT JOIN categories c2 ON ((c2.id =
        CASE
            WHEN (COALESCE((vr.high_naming)::integer, 0) = 0) THEN ((v2.strength >> 20))::smallint
            ELSE d2.category
        END)));
CREATE TABLE hand_equities (
    deal_id bigint NOT NULL,
    player smallint NOT NULL,
    equity double precision,
    allin_equity double precision,
    allin_net bigint
)
PARTITION BY RANGE (deal_id);
CREATE TABLE hand_labels (
    deal_id bigint NOT NULL,
    player smallint NOT NULL,
    label smallint NOT NULL
)
PARTITION BY RANGE (deal_id);
CREATE TABLE player_names (
    id integer NOT NULL,
    name character varying NOT NULL
);
CREATE TABLE seats (
    deal_id bigint NOT NULL,
    player smallint NOT NULL,
    starting_stack bigint,
    put_in bigint NOT NULL,
    net bigint,
    winnings bigint,
    finishing_stack bigint,
    ante bigint,
    blind bigint,
    seat_number smallint,
    collected bigint,
    raked bigint,
    allin smallint DEFAULT '0'::smallint NOT NULL,
    name_id integer,
    packed integer DEFAULT 0 NOT NULL,
    showed boolean GENERATED ALWAYS AS ((((packed >> 20) & 1) = 1)) STORED NOT NULL,
    "position" character varying(8) GENERATED ALWAYS AS (
CASE
    WHEN ((packed & 32) <> 0) THEN
    CASE (packed & 31)
        WHEN 0 THEN NULL::text
        WHEN 1 THEN 'BB'::text
        WHEN 2 THEN 'BTN'::text
        WHEN 3 THEN 'SB'::text
        WHEN 4 THEN 'UTG'::text
        WHEN 5 THEN 'CO'::text
        WHEN 6 THEN 'HJ'::text
        WHEN 7 THEN 'LJ'::text
        ELSE ('UTG+'::text || (((packed & 31) - 7))::text)
    END
    ELSE NULL::text
END) STORED,
    tracker_position character varying(8) GENERATED ALWAYS AS (
CASE
    WHEN ((packed & 32) = 0) THEN
    CASE (packed & 31)
        WHEN 0 THEN NULL::text
        WHEN 1 THEN 'BB'::text
        WHEN 2 THEN 'BTN'::text
        WHEN 3 THEN 'SB'::text
        WHEN 4 THEN 'UTG'::text
        WHEN 5 THEN 'CO'::text
        WHEN 6 THEN 'HJ'::text
        WHEN 7 THEN 'LJ'::text
        ELSE ('UTG+'::text || (((packed & 31) - 7))::text)
    END
    ELSE NULL::text
END) STORED,
    flags integer GENERATED ALWAYS AS (((packed >> 6) & 16383)) STORED NOT NULL,
    postflop_folds smallint GENERATED ALWAYS AS ((((packed >> 21) & 1))::smallint) STORED NOT NULL,
    extras jsonb,
    allin_stake bigint GENERATED ALWAYS AS (((extras ->> 0))::bigint) STORED,
    allin_pot bigint GENERATED ALWAYS AS (((extras ->> 1))::bigint) STORED,
    cashed_out bigint GENERATED ALWAYS AS (
CASE
    WHEN ((extras -> 2) IS NOT NULL) THEN ((extras ->> 2))::bigint
    WHEN (collected IS NOT NULL) THEN (0)::bigint
    ELSE NULL::bigint
END) STORED,
    postflop_aggressive smallint GENERATED ALWAYS AS ((((packed >> 22) & 15))::smallint) STORED NOT NULL,
    postflop_calls smallint GENERATED ALWAYS AS ((((packed >> 26) & 31))::smallint) STORED NOT NULL
)
PARTITION BY RANGE (deal_id);
CREATE TABLE variant_values (
    deal_id bigint NOT NULL,
    player smallint NOT NULL,
    best character varying(14),
    low_strength integer,
    low_best character varying(14)
)
PARTITION BY RANGE (deal_id);
CREATE VIEW hands AS
 SELECT c.deal_id,
    c.player,
    c.cards,
        CASE
            WHEN (COALESCE((vr.high_naming)::integer, 0) = 0) THEN ((v.strength >> 20))::smallint
            ELSE d.category
        END AS category,
        CASE
            WHEN (COALESCE((vr.high_naming)::integer, 0) = 0) THEN (NULLIF(((v.strength >> 16) & 15), 0))::smallint
            ELSE NULL::smallint
        END AS k1,
        CASE
            WHEN (COALESCE((vr.high_naming)::integer, 0) = 0) THEN (NULLIF(((v.strength >> 12) & 15), 0))::smallint
            ELSE NULL::smallint
        END AS k2,
        CASE
            WHEN (COALESCE((vr.high_naming)::integer, 0) = 0) THEN (NULLIF(((v.strength >> 8) & 15), 0))::smallint
            ELSE NULL::smallint
        END AS k3,
        CASE
            WHEN (COALESCE((vr.high_naming)::integer, 0) = 0) THEN (NULLIF(((v.strength >> 4) & 15), 0))::smallint
            ELSE NULL::smallint
        END AS k4,
        CASE
            WHEN (COALESCE((vr.high_naming)::integer, 0) = 0) THEN (NULLIF(((v.strength >> 0) & 15), 0))::smallint
            ELSE NULL::smallint
        END AS k5,
    v.strength,
    d.description,
    l.label,
        CASE
            WHEN (vv.best IS NOT NULL) THEN vv.best
            WHEN ((dl.board IS NULL) AND (dl.variant IS NULL)) THEN c.cards
            WHEN (v.best IS NOT NULL) THEN (((((((((substr((((c.cards)::text || ' '::text) || (dl.board)::text), ((3 * (((v.best >> 12))::integer & 7)) + 1), 2) || ' '::text) || substr((((c.cards)::text || ' '::text) || (dl.board)::text), ((3 * (((v.best >> 9))::integer & 7)) + 1), 2)) || ' '::text) || substr((((c.cards)::text || ' '::text) || (dl.board)::text), ((3 * (((v.best >> 6))::integer & 7)) + 1), 2)) || ' '::text) || substr((((c.cards)::text || ' '::text) || (dl.board)::text), ((3 * (((v.best >> 3))::integer & 7)) + 1), 2)) || ' '::text) || substr((((c.cards)::text || ' '::text) || (dl.board)::text), ((3 * (((v.best >> 0))::integer & 7)) + 1), 2)))::character varying
            ELSE NULL::character varying
        END AS best,
    hc.name AS category_name,
    vv.low_strength,
    ld.category AS low_category,
    lc.name AS low_category_name,
    ld.description AS low_description,
    vv.low_best,
    e.equity,
    e.allin_equity,
    trim_scale(((e.allin_net)::numeric * 0.0001)) AS allin_net,
    c.name,
    trim_scale(((s.starting_stack)::numeric * 0.0001)) AS starting_stack,
    s.showed,
    trim_scale(((s.put_in)::numeric * 0.0001)) AS put_in,
    trim_scale(((s.net)::numeric * 0.0001)) AS net,
    trim_scale(((s.winnings)::numeric * 0.0001)) AS winnings,
    trim_scale(((s.finishing_stack)::numeric * 0.0001)) AS finishing_stack,
    trim_scale(((s.allin_stake)::numeric * 0.0001)) AS allin_stake,
    trim_scale(((s.allin_pot)::numeric * 0.0001)) AS allin_pot,
    trim_scale(((s.ante)::numeric * 0.0001)) AS ante,
    trim_scale(((s.blind)::numeric * 0.0001)) AS blind,
    s.seat_number,
    s."position",
    trim_scale(((s.collected)::numeric * 0.0001)) AS collected,
    trim_scale(((s.raked)::numeric * 0.0001)) AS raked,
    trim_scale(((s.cashed_out)::numeric * 0.0001)) AS cashed_out,
    dl.currency
   FROM (((((((((((( SELECT s_1.deal_id,
            s_1.player,
            h.cards,
            n.name
           FROM ((seats s_1
             LEFT JOIN player_names n ON ((n.id = s_1.name_id)))
             LEFT JOIN hand_cards h ON (((h.deal_id = s_1.deal_id) AND (h.player = s_1.player))))
        UNION ALL
         SELECT h.deal_id,
            h.player,
            h.cards,
            NULL::character varying AS "varchar"
           FROM hand_cards h
          WHERE (NOT (EXISTS ( SELECT 1
                   FROM seats s_1
                  WHERE ((s_1.deal_id = h.deal_id) AND (s_1.player = h.player)))))) c
     JOIN deals dl ON ((dl.id = c.deal_id)))
     LEFT JOIN variants vr ON (((vr.code)::text = (dl.variant)::text)))
     LEFT JOIN hand_values v ON (((v.deal_id = c.deal_id) AND (v.player = c.player))))
     LEFT JOIN hand_descriptions d ON ((d.strength = ((COALESCE((vr.high_naming)::integer, 0) * 16777216) + v.strength))))
     LEFT JOIN categories hc ON ((hc.id =
        CASE
            WHEN (COALESCE((vr.high_naming)::integer, 0) = 0) THEN ((v.strength >> 20))::smallint
            ELSE d.category
        END)))
     LEFT JOIN variant_values vv ON (((vv.deal_id = c.deal_id) AND (vv.player = c.player))))
     LEFT JOIN hand_descriptions ld ON ((ld.strength = ((vr.low_naming * 16777216) + vv.low_strength))))
     LEFT JOIN categories lc ON ((lc.id = ld.category)))
     LEFT JOIN hand_labels l ON (((l.deal_id = c.deal_id) AND (l.player = c.player))))
     LEFT JOIN hand_equities e ON (((e.deal_id = c.deal_id) AND (e.player = c.player))))
     LEFT JOIN seats s ON (((s.deal_id = c.deal_id) AND (s.player = c.player))));
CREATE TABLE id_marks (
    name character varying(32) NOT NULL,
    highest bigint NOT NULL
);
CREATE TABLE tournament_entries (
    tournament_id integer NOT NULL,
    player character varying NOT NULL,
    currency character varying NOT NULL,
    place integer,
    prize bigint NOT NULL,
    bounties bigint,
    knockouts integer,
    re_entries integer,
    rebuys integer,
    add_ons integer,
    rebuy_cost bigint,
    cost bigint NOT NULL,
    hero boolean NOT NULL
);
CREATE TABLE tournaments (
    id integer NOT NULL,
    dataset_id integer NOT NULL,
    site character varying NOT NULL,
    number character varying NOT NULL,
    name character varying,
    game character varying,
    currency character varying NOT NULL,
    prize_part bigint NOT NULL,
    bounty_part bigint NOT NULL,
    fee bigint NOT NULL,
    buy_in bigint NOT NULL,
    entrants integer,
    prize_pool bigint,
    date date,
    "time" time without time zone,
    time_zone character varying,
    started_at timestamp with time zone,
    source character varying NOT NULL
);
CREATE VIEW player_buy_in_tournaments AS
 SELECT e.player,
    e.currency,
    trim_scale(((t.buy_in)::numeric * 0.0001)) AS buy_in,
    count(*) AS tournaments,
    COALESCE(sum(p.hands), (0)::numeric) AS hands,
    trim_scale((sum(e.cost) * 0.0001)) AS cost,
    trim_scale((sum((e.prize + COALESCE(e.bounties, (0)::bigint))) * 0.0001)) AS won,
    trim_scale((sum(((e.prize + COALESCE(e.bounties, (0)::bigint)) - e.cost)) * 0.0001)) AS profit,
    (round(((100.0 * sum(((e.prize + COALESCE(e.bounties, (0)::bigint)) - e.cost))) / NULLIF(sum(e.cost), (0)::numeric)), 1))::double precision AS roi,
    (round(((100.0 * (sum(
        CASE
            WHEN (e.prize > 0) THEN 1
            ELSE 0
        END))::numeric) / (count(*))::numeric), 1))::double precision AS itm,
    (round(((1.0 * (sum(e.place))::numeric) / (NULLIF(count(e.place), 0))::numeric), 2))::double precision AS average_finish
   FROM ((tournament_entries e
     JOIN tournaments t ON ((t.id = e.tournament_id)))
     LEFT JOIN ( SELECT d.site,
            d.tournament AS number,
            n.name,
            count(*) AS hands
           FROM ((deals d
             JOIN seats s ON ((s.deal_id = d.id)))
             JOIN player_names n ON ((n.id = s.name_id)))
          WHERE (d.tournament IS NOT NULL)
          GROUP BY d.site, d.tournament, n.name) p ON ((((p.site)::text = (t.site)::text) AND ((p.number)::text = (t.number)::text) AND ((p.name)::text = (e.player)::text))))
  GROUP BY e.player, e.currency, t.buy_in;
CREATE TABLE player_days (
    name_id integer NOT NULL,
    day integer NOT NULL,
    key_id integer NOT NULL,
    "position" character varying(6) NOT NULL,
    dataset_id integer NOT NULL,
    hands bigint NOT NULL,
    preflop_acted bigint NOT NULL,
    vpip bigint NOT NULL,
    pfr bigint NOT NULL,
    three_bet_chance bigint NOT NULL,
    three_bet bigint NOT NULL,
    faced_three_bet bigint NOT NULL,
    folded_to_three_bet bigint NOT NULL,
    saw_flop bigint NOT NULL,
    cbet_chance bigint NOT NULL,
    cbet bigint NOT NULL,
    faced_cbet bigint NOT NULL,
    folded_to_cbet bigint NOT NULL,
    postflop_aggressive bigint NOT NULL,
    postflop_calls bigint NOT NULL,
    postflop_folds bigint NOT NULL,
    went_to_showdown bigint NOT NULL,
    won_at_showdown bigint NOT NULL,
    allin bigint NOT NULL,
    net bigint NOT NULL,
    hands_result_unknown bigint DEFAULT '0'::bigint NOT NULL
);
CREATE SEQUENCE player_names_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE player_names_id_seq OWNED BY player_names.id;
CREATE TABLE player_totals (
    name_id integer NOT NULL,
    currency character varying NOT NULL,
    "position" character varying(6) NOT NULL,
    stakes character varying NOT NULL,
    dataset_id integer NOT NULL,
    hands bigint NOT NULL,
    preflop_acted bigint NOT NULL,
    vpip bigint NOT NULL,
    pfr bigint NOT NULL,
    three_bet_chance bigint NOT NULL,
    three_bet bigint NOT NULL,
    faced_three_bet bigint NOT NULL,
    folded_to_three_bet bigint NOT NULL,
    saw_flop bigint NOT NULL,
    cbet_chance bigint NOT NULL,
    cbet bigint NOT NULL,
    faced_cbet bigint NOT NULL,
    folded_to_cbet bigint NOT NULL,
    postflop_aggressive bigint NOT NULL,
    postflop_calls bigint NOT NULL,
    postflop_folds bigint NOT NULL,
    went_to_showdown bigint NOT NULL,
    won_at_showdown bigint NOT NULL,
    allin bigint NOT NULL,
    net bigint NOT NULL,
    big_blind bigint,
    hands_result_unknown bigint DEFAULT '0'::bigint NOT NULL
);
CREATE TABLE stakes_names (
    id integer NOT NULL,
    name character varying NOT NULL
);
CREATE VIEW seat_stats AS
 SELECT s.deal_id,
    s.player,
    n.name,
    (
        CASE (s.packed & 31)
            WHEN 0 THEN NULL::text
            WHEN 1 THEN 'BB'::text
            WHEN 2 THEN 'BTN'::text
            WHEN 3 THEN 'SB'::text
            WHEN 4 THEN 'UTG'::text
            WHEN 5 THEN 'CO'::text
            WHEN 6 THEN 'HJ'::text
            WHEN 7 THEN 'LJ'::text
            ELSE ('UTG+'::text || (((s.packed & 31) - 7))::text)
        END)::character varying(8) AS "position",
    st.name AS stakes,
    d.big_blind,
    s.net,
    (((s.packed >> 6) & 1))::smallint AS preflop_acted,
    (((s.packed >> 7) & 1))::smallint AS vpip,
    (((s.packed >> 8) & 1))::smallint AS pfr,
    (((s.packed >> 9) & 1))::smallint AS three_bet_chance,
    (((s.packed >> 10) & 1))::smallint AS three_bet,
    (((s.packed >> 11) & 1))::smallint AS faced_three_bet,
    (((s.packed >> 12) & 1))::smallint AS folded_to_three_bet,
    (((s.packed >> 13) & 1))::smallint AS saw_flop,
    (((s.packed >> 14) & 1))::smallint AS cbet_chance,
    (((s.packed >> 15) & 1))::smallint AS cbet,
    (((s.packed >> 16) & 1))::smallint AS faced_cbet,
    (((s.packed >> 17) & 1))::smallint AS folded_to_cbet,
    s.postflop_aggressive,
    s.postflop_calls,
    (((s.packed >> 21) & 1))::smallint AS postflop_folds,
    (((s.packed >> 18) & 1))::smallint AS went_to_showdown,
    (((s.packed >> 19) & 1))::smallint AS won_at_showdown,
    s.allin,
    s.name_id
   FROM (((seats s
     JOIN deals d ON ((d.id = s.deal_id)))
     LEFT JOIN player_names n ON ((n.id = s.name_id)))
     LEFT JOIN stakes_names st ON ((st.id = d.stakes_id)));
CREATE VIEW player_position_stats AS
 SELECT n.name AS player,
    f.currency,
    f."position",
    f.hands,
    f.hands_result_unknown,
    f.vpip,
    f.pfr,
    f.three_bet,
    f.fold_to_three_bet,
    f.cbet,
    f.fold_to_cbet,
    f.aggression_factor,
    f.aggression_frequency,
    f.went_to_showdown,
    f.won_at_showdown,
    trim_scale((f.net * 0.0001)) AS net,
    f.bb_per_100,
    trim_scale(((f.net + COALESCE(a.allin_delta, (0)::numeric)) * 0.0001)) AS allin_adjusted_net,
    f.hands_with_big_blind,
    f.n_preflop_acted,
    f.n_vpip,
    f.n_pfr,
    f.n_three_bet_chance,
    f.n_three_bet,
    f.n_faced_three_bet,
    f.n_folded_to_three_bet,
    f.n_saw_flop,
    f.n_cbet_chance,
    f.n_cbet,
    f.n_faced_cbet,
    f.n_folded_to_cbet,
    f.n_postflop_aggressive,
    f.n_postflop_calls,
    f.n_postflop_folds,
    f.n_went_to_showdown,
    f.n_won_at_showdown,
    f.n_allin
   FROM ((( SELECT t.name_id,
            t.currency,
            t."position",
            sum(t.hands) AS hands,
            sum(t.hands_result_unknown) AS hands_result_unknown,
            (round(((100.0 * sum(t.vpip)) / NULLIF(sum(t.preflop_acted), (0)::numeric)), 1))::double precision AS vpip,
            (round(((100.0 * sum(t.pfr)) / NULLIF(sum(t.preflop_acted), (0)::numeric)), 1))::double precision AS pfr,
            (round(((100.0 * sum(t.three_bet)) / NULLIF(sum(t.three_bet_chance), (0)::numeric)), 1))::double precision AS three_bet,
            (round(((100.0 * sum(t.folded_to_three_bet)) / NULLIF(sum(t.faced_three_bet), (0)::numeric)), 1))::double precision AS fold_to_three_bet,
            (round(((100.0 * sum(t.cbet)) / NULLIF(sum(t.cbet_chance), (0)::numeric)), 1))::double precision AS cbet,
            (round(((100.0 * sum(t.folded_to_cbet)) / NULLIF(sum(t.faced_cbet), (0)::numeric)), 1))::double precision AS fold_to_cbet,
            (round(((1.0 * sum(t.postflop_aggressive)) / NULLIF(sum(t.postflop_calls), (0)::numeric)), 2))::double precision AS aggression_factor,
            (round(((100.0 * sum(t.postflop_aggressive)) / NULLIF(sum(((t.postflop_aggressive + t.postflop_calls) + t.postflop_folds)), (0)::numeric)), 1))::double precision AS aggression_frequency,
            (round(((100.0 * sum(t.went_to_showdown)) / NULLIF(sum(t.saw_flop), (0)::numeric)), 1))::double precision AS went_to_showdown,
            (round(((100.0 * sum(t.won_at_showdown)) / NULLIF(sum((t.went_to_showdown - t.hands_result_unknown)), (0)::numeric)), 1))::double precision AS won_at_showdown,
            sum(t.net) AS net,
            (round(((100.0 * sum(((1.0 * (t.net)::numeric) / (t.big_blind)::numeric))) / NULLIF(sum(
                CASE
                    WHEN (t.big_blind IS NOT NULL) THEN (t.hands - t.hands_result_unknown)
                    ELSE (0)::bigint
                END), (0)::numeric)), 2))::double precision AS bb_per_100,
            sum(
                CASE
                    WHEN (t.big_blind IS NOT NULL) THEN (t.hands - t.hands_result_unknown)
                    ELSE (0)::bigint
                END) AS hands_with_big_blind,
            sum(t.preflop_acted) AS n_preflop_acted,
            sum(t.vpip) AS n_vpip,
            sum(t.pfr) AS n_pfr,
            sum(t.three_bet_chance) AS n_three_bet_chance,
            sum(t.three_bet) AS n_three_bet,
            sum(t.faced_three_bet) AS n_faced_three_bet,
            sum(t.folded_to_three_bet) AS n_folded_to_three_bet,
            sum(t.saw_flop) AS n_saw_flop,
            sum(t.cbet_chance) AS n_cbet_chance,
            sum(t.cbet) AS n_cbet,
            sum(t.faced_cbet) AS n_faced_cbet,
            sum(t.folded_to_cbet) AS n_folded_to_cbet,
            sum(t.postflop_aggressive) AS n_postflop_aggressive,
            sum(t.postflop_calls) AS n_postflop_calls,
            sum(t.postflop_folds) AS n_postflop_folds,
            sum(t.went_to_showdown) AS n_went_to_showdown,
            sum(t.won_at_showdown) AS n_won_at_showdown,
            sum(t.allin) AS n_allin
           FROM player_totals t
          GROUP BY t.name_id, t.currency, t."position") f
     JOIN player_names n ON ((n.id = f.name_id)))
     LEFT JOIN ( SELECT s.name_id,
            COALESCE(d.currency, ''::character varying) AS currency,
            s."position",
            sum((e.allin_net - s.net)) AS allin_delta
           FROM ((seat_stats s
             JOIN hand_equities e ON (((e.deal_id = s.deal_id) AND (e.player = s.player))))
             JOIN deals d ON ((d.id = s.deal_id)))
          WHERE ((s.allin = 1) AND (s.name_id IS NOT NULL))
          GROUP BY s.name_id, COALESCE(d.currency, ''::character varying), s."position") a ON (((a.name_id = f.name_id) AND ((a.currency)::text = (f.currency)::text) AND ((a."position")::text = (f."position")::text))));
CREATE TABLE player_runs (
    name_id integer NOT NULL,
    dataset_id integer NOT NULL,
    key_id integer NOT NULL,
    day integer NOT NULL,
    bucket bigint NOT NULL,
    hands bigint NOT NULL,
    known bigint NOT NULL,
    net bigint NOT NULL,
    peak bigint NOT NULL,
    biggest character varying NOT NULL,
    first_deal bigint NOT NULL,
    last_deal bigint NOT NULL,
    started bigint,
    ended bigint,
    tables character varying NOT NULL
);
CREATE VIEW player_stakes_stats AS
 SELECT n.name AS player,
    f.currency,
    NULLIF((f.stakes)::text, ''::text) AS stakes,
    f.hands,
    f.hands_result_unknown,
    f.vpip,
    f.pfr,
    f.three_bet,
    f.fold_to_three_bet,
    f.cbet,
    f.fold_to_cbet,
    f.aggression_factor,
    f.aggression_frequency,
    f.went_to_showdown,
    f.won_at_showdown,
    trim_scale((f.net * 0.0001)) AS net,
    f.bb_per_100,
    trim_scale(((f.net + COALESCE(a.allin_delta, (0)::numeric)) * 0.0001)) AS allin_adjusted_net,
    f.hands_with_big_blind,
    f.n_preflop_acted,
    f.n_vpip,
    f.n_pfr,
    f.n_three_bet_chance,
    f.n_three_bet,
    f.n_faced_three_bet,
    f.n_folded_to_three_bet,
    f.n_saw_flop,
    f.n_cbet_chance,
    f.n_cbet,
    f.n_faced_cbet,
    f.n_folded_to_cbet,
    f.n_postflop_aggressive,
    f.n_postflop_calls,
    f.n_postflop_folds,
    f.n_went_to_showdown,
    f.n_won_at_showdown,
    f.n_allin
   FROM ((( SELECT t.name_id,
            t.currency,
            t.stakes,
            sum(t.hands) AS hands,
            sum(t.hands_result_unknown) AS hands_result_unknown,
            (round(((100.0 * sum(t.vpip)) / NULLIF(sum(t.preflop_acted), (0)::numeric)), 1))::double precision AS vpip,
            (round(((100.0 * sum(t.pfr)) / NULLIF(sum(t.preflop_acted), (0)::numeric)), 1))::double precision AS pfr,
            (round(((100.0 * sum(t.three_bet)) / NULLIF(sum(t.three_bet_chance), (0)::numeric)), 1))::double precision AS three_bet,
            (round(((100.0 * sum(t.folded_to_three_bet)) / NULLIF(sum(t.faced_three_bet), (0)::numeric)), 1))::double precision AS fold_to_three_bet,
            (round(((100.0 * sum(t.cbet)) / NULLIF(sum(t.cbet_chance), (0)::numeric)), 1))::double precision AS cbet,
            (round(((100.0 * sum(t.folded_to_cbet)) / NULLIF(sum(t.faced_cbet), (0)::numeric)), 1))::double precision AS fold_to_cbet,
            (round(((1.0 * sum(t.postflop_aggressive)) / NULLIF(sum(t.postflop_calls), (0)::numeric)), 2))::double precision AS aggression_factor,
            (round(((100.0 * sum(t.postflop_aggressive)) / NULLIF(sum(((t.postflop_aggressive + t.postflop_calls) + t.postflop_folds)), (0)::numeric)), 1))::double precision AS aggression_frequency,
            (round(((100.0 * sum(t.went_to_showdown)) / NULLIF(sum(t.saw_flop), (0)::numeric)), 1))::double precision AS went_to_showdown,
            (round(((100.0 * sum(t.won_at_showdown)) / NULLIF(sum((t.went_to_showdown - t.hands_result_unknown)), (0)::numeric)), 1))::double precision AS won_at_showdown,
            sum(t.net) AS net,
            (round(((100.0 * sum(((1.0 * (t.net)::numeric) / (t.big_blind)::numeric))) / NULLIF(sum(
                CASE
                    WHEN (t.big_blind IS NOT NULL) THEN (t.hands - t.hands_result_unknown)
                    ELSE (0)::bigint
                END), (0)::numeric)), 2))::double precision AS bb_per_100,
            sum(
                CASE
                    WHEN (t.big_blind IS NOT NULL) THEN (t.hands - t.hands_result_unknown)
                    ELSE (0)::bigint
                END) AS hands_with_big_blind,
            sum(t.preflop_acted) AS n_preflop_acted,
            sum(t.vpip) AS n_vpip,
            sum(t.pfr) AS n_pfr,
            sum(t.three_bet_chance) AS n_three_bet_chance,
            sum(t.three_bet) AS n_three_bet,
            sum(t.faced_three_bet) AS n_faced_three_bet,
            sum(t.folded_to_three_bet) AS n_folded_to_three_bet,
            sum(t.saw_flop) AS n_saw_flop,
            sum(t.cbet_chance) AS n_cbet_chance,
            sum(t.cbet) AS n_cbet,
            sum(t.faced_cbet) AS n_faced_cbet,
            sum(t.folded_to_cbet) AS n_folded_to_cbet,
            sum(t.postflop_aggressive) AS n_postflop_aggressive,
            sum(t.postflop_calls) AS n_postflop_calls,
            sum(t.postflop_folds) AS n_postflop_folds,
            sum(t.went_to_showdown) AS n_went_to_showdown,
            sum(t.won_at_showdown) AS n_won_at_showdown,
            sum(t.allin) AS n_allin
           FROM player_totals t
          GROUP BY t.name_id, t.currency, t.stakes) f
     JOIN player_names n ON ((n.id = f.name_id)))
     LEFT JOIN ( SELECT s.name_id,
            COALESCE(d.currency, ''::character varying) AS currency,
            COALESCE(s.stakes, ''::character varying) AS stakes,
            sum((e.allin_net - s.net)) AS allin_delta
           FROM ((seat_stats s
             JOIN hand_equities e ON (((e.deal_id = s.deal_id) AND (e.player = s.player))))
             JOIN deals d ON ((d.id = s.deal_id)))
          WHERE ((s.allin = 1) AND (s.name_id IS NOT NULL))
          GROUP BY s.name_id, COALESCE(d.currency, ''::character varying), COALESCE(s.stakes, ''::character varying)) a ON (((a.name_id = f.name_id) AND ((a.currency)::text = (f.currency)::text) AND ((a.stakes)::text = (f.stakes)::text))));
CREATE VIEW player_stats AS
 SELECT n.name AS player,
    f.currency,
    f.hands,
    f.hands_result_unknown,
    f.vpip,
    f.pfr,
    f.three_bet,
    f.fold_to_three_bet,
    f.cbet,
    f.fold_to_cbet,
    f.aggression_factor,
    f.aggression_frequency,
    f.went_to_showdown,
    f.won_at_showdown,
    trim_scale((f.net * 0.0001)) AS net,
    f.bb_per_100,
    trim_scale(((f.net + COALESCE(a.allin_delta, (0)::numeric)) * 0.0001)) AS allin_adjusted_net,
    f.hands_with_big_blind,
    f.n_preflop_acted,
    f.n_vpip,
    f.n_pfr,
    f.n_three_bet_chance,
    f.n_three_bet,
    f.n_faced_three_bet,
    f.n_folded_to_three_bet,
    f.n_saw_flop,
    f.n_cbet_chance,
    f.n_cbet,
    f.n_faced_cbet,
    f.n_folded_to_cbet,
    f.n_postflop_aggressive,
    f.n_postflop_calls,
    f.n_postflop_folds,
    f.n_went_to_showdown,
    f.n_won_at_showdown,
    f.n_allin
   FROM ((( SELECT t.name_id,
            t.currency,
            sum(t.hands) AS hands,
            sum(t.hands_result_unknown) AS hands_result_unknown,
            (round(((100.0 * sum(t.vpip)) / NULLIF(sum(t.preflop_acted), (0)::numeric)), 1))::double precision AS vpip,
            (round(((100.0 * sum(t.pfr)) / NULLIF(sum(t.preflop_acted), (0)::numeric)), 1))::double precision AS pfr,
            (round(((100.0 * sum(t.three_bet)) / NULLIF(sum(t.three_bet_chance), (0)::numeric)), 1))::double precision AS three_bet,
            (round(((100.0 * sum(t.folded_to_three_bet)) / NULLIF(sum(t.faced_three_bet), (0)::numeric)), 1))::double precision AS fold_to_three_bet,
            (round(((100.0 * sum(t.cbet)) / NULLIF(sum(t.cbet_chance), (0)::numeric)), 1))::double precision AS cbet,
            (round(((100.0 * sum(t.folded_to_cbet)) / NULLIF(sum(t.faced_cbet), (0)::numeric)), 1))::double precision AS fold_to_cbet,
            (round(((1.0 * sum(t.postflop_aggressive)) / NULLIF(sum(t.postflop_calls), (0)::numeric)), 2))::double precision AS aggression_factor,
            (round(((100.0 * sum(t.postflop_aggressive)) / NULLIF(sum(((t.postflop_aggressive + t.postflop_calls) + t.postflop_folds)), (0)::numeric)), 1))::double precision AS aggression_frequency,
            (round(((100.0 * sum(t.went_to_showdown)) / NULLIF(sum(t.saw_flop), (0)::numeric)), 1))::double precision AS went_to_showdown,
            (round(((100.0 * sum(t.won_at_showdown)) / NULLIF(sum((t.went_to_showdown - t.hands_result_unknown)), (0)::numeric)), 1))::double precision AS won_at_showdown,
            sum(t.net) AS net,
            (round(((100.0 * sum(((1.0 * (t.net)::numeric) / (t.big_blind)::numeric))) / NULLIF(sum(
                CASE
                    WHEN (t.big_blind IS NOT NULL) THEN (t.hands - t.hands_result_unknown)
                    ELSE (0)::bigint
                END), (0)::numeric)), 2))::double precision AS bb_per_100,
            sum(
                CASE
                    WHEN (t.big_blind IS NOT NULL) THEN (t.hands - t.hands_result_unknown)
                    ELSE (0)::bigint
                END) AS hands_with_big_blind,
            sum(t.preflop_acted) AS n_preflop_acted,
            sum(t.vpip) AS n_vpip,
            sum(t.pfr) AS n_pfr,
            sum(t.three_bet_chance) AS n_three_bet_chance,
            sum(t.three_bet) AS n_three_bet,
            sum(t.faced_three_bet) AS n_faced_three_bet,
            sum(t.folded_to_three_bet) AS n_folded_to_three_bet,
            sum(t.saw_flop) AS n_saw_flop,
            sum(t.cbet_chance) AS n_cbet_chance,
            sum(t.cbet) AS n_cbet,
            sum(t.faced_cbet) AS n_faced_cbet,
            sum(t.folded_to_cbet) AS n_folded_to_cbet,
            sum(t.postflop_aggressive) AS n_postflop_aggressive,
            sum(t.postflop_calls) AS n_postflop_calls,
            sum(t.postflop_folds) AS n_postflop_folds,
            sum(t.went_to_showdown) AS n_went_to_showdown,
            sum(t.won_at_showdown) AS n_won_at_showdown,
            sum(t.allin) AS n_allin
           FROM player_totals t
          GROUP BY t.name_id, t.currency) f
     JOIN player_names n ON ((n.id = f.name_id)))
     LEFT JOIN ( SELECT s.name_id,
            COALESCE(d.currency, ''::character varying) AS currency,
            sum((e.allin_net - s.net)) AS allin_delta
           FROM ((seat_stats s
             JOIN hand_equities e ON (((e.deal_id = s.deal_id) AND (e.player = s.player))))
             JOIN deals d ON ((d.id = s.deal_id)))
          WHERE ((s.allin = 1) AND (s.name_id IS NOT NULL))
          GROUP BY s.name_id, COALESCE(d.currency, ''::character varying)) a ON (((a.name_id = f.name_id) AND ((a.currency)::text = (f.currency)::text))));
CREATE VIEW player_tournaments AS
 SELECT e.player,
    e.currency,
    count(*) AS tournaments,
    COALESCE(sum(p.hands), (0)::numeric) AS hands,
    trim_scale((sum(e.cost) * 0.0001)) AS cost,
    trim_scale((sum((e.prize + COALESCE(e.bounties, (0)::bigint))) * 0.0001)) AS won,
    trim_scale((sum(((e.prize + COALESCE(e.bounties, (0)::bigint)) - e.cost)) * 0.0001)) AS profit,
    (round(((100.0 * sum(((e.prize + COALESCE(e.bounties, (0)::bigint)) - e.cost))) / NULLIF(sum(e.cost), (0)::numeric)), 1))::double precision AS roi,
    (round(((100.0 * (sum(
        CASE
            WHEN (e.prize > 0) THEN 1
            ELSE 0
        END))::numeric) / (count(*))::numeric), 1))::double precision AS itm,
    (round(((1.0 * (sum(e.place))::numeric) / (NULLIF(count(e.place), 0))::numeric), 2))::double precision AS average_finish
   FROM ((tournament_entries e
     JOIN tournaments t ON ((t.id = e.tournament_id)))
     LEFT JOIN ( SELECT d.site,
            d.tournament AS number,
            n.name,
            count(*) AS hands
           FROM ((deals d
             JOIN seats s ON ((s.deal_id = d.id)))
             JOIN player_names n ON ((n.id = s.name_id)))
          WHERE (d.tournament IS NOT NULL)
          GROUP BY d.site, d.tournament, n.name) p ON ((((p.site)::text = (t.site)::text) AND ((p.number)::text = (t.number)::text) AND ((p.name)::text = (e.player)::text))))
  GROUP BY e.player, e.currency;
CREATE TABLE rejects (
    id integer NOT NULL,
    dataset_id integer NOT NULL,
    line_no integer NOT NULL,
    raw character varying NOT NULL,
    reason character varying NOT NULL,
    line_bytes integer NOT NULL
);
CREATE SEQUENCE rejects_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE rejects_id_seq OWNED BY rejects.id;
CREATE TABLE site_hands (
    site character varying NOT NULL,
    hand_number character varying NOT NULL,
    dataset_id integer NOT NULL
);
CREATE TABLE source_names (
    id integer NOT NULL,
    name character varying NOT NULL
);
CREATE SEQUENCE source_names_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE source_names_id_seq OWNED BY source_names.id;
CREATE SEQUENCE stakes_names_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE stakes_names_id_seq OWNED BY stakes_names.id;
CREATE TABLE summary_keys (
    id integer NOT NULL,
    site character varying NOT NULL,
    currency character varying NOT NULL,
    stakes character varying NOT NULL,
    big_blind bigint NOT NULL
);
CREATE SEQUENCE summary_keys_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE summary_keys_id_seq OWNED BY summary_keys.id;
CREATE TABLE table_names (
    id integer NOT NULL,
    name character varying NOT NULL
);
CREATE SEQUENCE table_names_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE table_names_id_seq OWNED BY table_names.id;
CREATE VIEW tournament_hands AS
 SELECT t.id AS tournament_id,
    d.id AS deal_id
   FROM (tournaments t
     JOIN deals d ON ((((d.site)::text = (t.site)::text) AND ((d.tournament)::text = (t.number)::text))));
CREATE SEQUENCE tournaments_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE tournaments_id_seq OWNED BY tournaments.id;
CREATE TABLE venue_names (
    id integer NOT NULL,
    name character varying NOT NULL
);
CREATE SEQUENCE venue_names_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE venue_names_id_seq OWNED BY venue_names.id;
CREATE TABLE win_counts (
    dataset_id integer NOT NULL,
    winner smallint NOT NULL,
    deals integer NOT NULL
);
ALTER TABLE ONLY datasets ALTER COLUMN id SET DEFAULT nextval('datasets_id_seq'::regclass);
ALTER TABLE ONLY player_names ALTER COLUMN id SET DEFAULT nextval('player_names_id_seq'::regclass);
ALTER TABLE ONLY rejects ALTER COLUMN id SET DEFAULT nextval('rejects_id_seq'::regclass);
ALTER TABLE ONLY source_names ALTER COLUMN id SET DEFAULT nextval('source_names_id_seq'::regclass);
ALTER TABLE ONLY stakes_names ALTER COLUMN id SET DEFAULT nextval('stakes_names_id_seq'::regclass);
ALTER TABLE ONLY summary_keys ALTER COLUMN id SET DEFAULT nextval('summary_keys_id_seq'::regclass);
ALTER TABLE ONLY table_names ALTER COLUMN id SET DEFAULT nextval('table_names_id_seq'::regclass);
ALTER TABLE ONLY tournaments ALTER COLUMN id SET DEFAULT nextval('tournaments_id_seq'::regclass);
ALTER TABLE ONLY venue_names ALTER COLUMN id SET DEFAULT nextval('venue_names_id_seq'::regclass);
INSERT INTO alembic_version VALUES ('0039');
INSERT INTO categories VALUES (0, 'High Card', 'high');
INSERT INTO categories VALUES (1, 'One Pair', 'high');
INSERT INTO categories VALUES (2, 'Two Pairs', 'high');
INSERT INTO categories VALUES (3, 'Three of a Kind', 'high');
INSERT INTO categories VALUES (4, 'Straight', 'high');
INSERT INTO categories VALUES (5, 'Flush', 'high');
INSERT INTO categories VALUES (6, 'Full House', 'high');
INSERT INTO categories VALUES (7, 'Four of a Kind', 'high');
INSERT INTO categories VALUES (8, 'Straight Flush', 'high');
INSERT INTO categories VALUES (9, 'Royal Flush', 'high');
INSERT INTO categories VALUES (16, 'High Card', 'short-deck');
INSERT INTO categories VALUES (17, 'One Pair', 'short-deck');
INSERT INTO categories VALUES (18, 'Two Pairs', 'short-deck');
INSERT INTO categories VALUES (19, 'Three of a Kind', 'short-deck');
INSERT INTO categories VALUES (20, 'Straight', 'short-deck');
INSERT INTO categories VALUES (21, 'Full House', 'short-deck');
INSERT INTO categories VALUES (22, 'Flush', 'short-deck');
INSERT INTO categories VALUES (23, 'Four of a Kind', 'short-deck');
INSERT INTO categories VALUES (24, 'Straight Flush', 'short-deck');
INSERT INTO categories VALUES (25, 'Royal Flush', 'short-deck');
INSERT INTO categories VALUES (32, 'No Low', 'eight-or-better');
INSERT INTO categories VALUES (33, 'Eight Low', 'eight-or-better');
INSERT INTO categories VALUES (34, 'Seven Low', 'eight-or-better');
INSERT INTO categories VALUES (35, 'Six Low', 'eight-or-better');
INSERT INTO categories VALUES (36, 'Five Low', 'eight-or-better');
INSERT INTO categories VALUES (48, 'Four of a Kind', 'ace-to-five');
INSERT INTO categories VALUES (49, 'Full House', 'ace-to-five');
INSERT INTO categories VALUES (50, 'Three of a Kind', 'ace-to-five');
INSERT INTO categories VALUES (51, 'Two Pairs', 'ace-to-five');
INSERT INTO categories VALUES (52, 'One Pair', 'ace-to-five');
INSERT INTO categories VALUES (53, 'King Low', 'ace-to-five');
INSERT INTO categories VALUES (54, 'Queen Low', 'ace-to-five');
INSERT INTO categories VALUES (55, 'Jack Low', 'ace-to-five');
INSERT INTO categories VALUES (56, 'Ten Low', 'ace-to-five');
INSERT INTO categories VALUES (57, 'Nine Low', 'ace-to-five');
INSERT INTO categories VALUES (58, 'Eight Low', 'ace-to-five');
INSERT INTO categories VALUES (59, 'Seven Low', 'ace-to-five');
INSERT INTO categories VALUES (60, 'Six Low', 'ace-to-five');
INSERT INTO categories VALUES (61, 'Five Low', 'ace-to-five');
INSERT INTO categories VALUES (64, 'Straight Flush', 'deuce-to-seven');
INSERT INTO categories VALUES (65, 'Four of a Kind', 'deuce-to-seven');
INSERT INTO categories VALUES (66, 'Full House', 'deuce-to-seven');
INSERT INTO categories VALUES (67, 'Flush', 'deuce-to-seven');
INSERT INTO categories VALUES (68, 'Straight', 'deuce-to-seven');
INSERT INTO categories VALUES (69, 'Three of a Kind', 'deuce-to-seven');
INSERT INTO categories VALUES (70, 'Two Pairs', 'deuce-to-seven');
INSERT INTO categories VALUES (71, 'One Pair', 'deuce-to-seven');
INSERT INTO categories VALUES (72, 'Ace Low', 'deuce-to-seven');
INSERT INTO categories VALUES (73, 'King Low', 'deuce-to-seven');
INSERT INTO categories VALUES (74, 'Queen Low', 'deuce-to-seven');
INSERT INTO categories VALUES (75, 'Jack Low', 'deuce-to-seven');
INSERT INTO categories VALUES (76, 'Ten Low', 'deuce-to-seven');
INSERT INTO categories VALUES (77, 'Nine Low', 'deuce-to-seven');
INSERT INTO categories VALUES (78, 'Eight Low', 'deuce-to-seven');
INSERT INTO categories VALUES (79, 'Seven Low', 'deuce-to-seven');
INSERT INTO categories VALUES (80, 'One-card badugi', 'badugi');
INSERT INTO categories VALUES (81, 'Two-card badugi', 'badugi');
INSERT INTO categories VALUES (82, 'Three-card badugi', 'badugi');
INSERT INTO categories VALUES (83, 'Four-card badugi', 'badugi');
INSERT INTO id_marks VALUES ('deals', 0);
INSERT INTO variants VALUES ('NT', 'no-limit Texas hold''em', 'high', 0, NULL, NULL);
INSERT INTO variants VALUES ('FT', 'fixed-limit Texas hold''em', 'high', 0, NULL, NULL);
INSERT INTO variants VALUES ('NS', 'no-limit short-deck hold''em', 'short-deck', 1, NULL, NULL);
INSERT INTO variants VALUES ('PO', 'pot-limit Omaha hold''em', 'omaha-high', 0, NULL, NULL);
INSERT INTO variants VALUES ('FO/8', 'fixed-limit Omaha hold''em high/low-split eight or better', 'omaha-high', 0, 'omaha-eight-or-better', 2);
INSERT INTO variants VALUES ('F7S', 'fixed-limit seven card stud', 'high', 0, NULL, NULL);
INSERT INTO variants VALUES ('F7S/8', 'fixed-limit seven card stud high/low-split eight or better', 'high', 0, 'eight-or-better', 2);
INSERT INTO variants VALUES ('FR', 'fixed-limit razz', 'ace-to-five', 3, NULL, NULL);
INSERT INTO variants VALUES ('N2L1D', 'no-limit deuce-to-seven lowball single draw', 'deuce-to-seven', 4, NULL, NULL);
INSERT INTO variants VALUES ('F2L3D', 'fixed-limit deuce-to-seven lowball triple draw', 'deuce-to-seven', 4, NULL, NULL);
INSERT INTO variants VALUES ('FB', 'fixed-limit badugi', 'badugi', 5, NULL, NULL);
INSERT INTO variants VALUES ('N5D', 'no-limit five-card draw', 'high', 0, NULL, NULL);
INSERT INTO variants VALUES ('PT', 'pot-limit Texas hold''em', 'high', 0, NULL, NULL);
INSERT INTO variants VALUES ('PS', 'pot-limit short-deck hold''em', 'short-deck', 1, NULL, NULL);
INSERT INTO variants VALUES ('NO', 'no-limit Omaha hold''em', 'omaha-high', 0, NULL, NULL);
INSERT INTO variants VALUES ('FO', 'fixed-limit Omaha hold''em', 'omaha-high', 0, NULL, NULL);
INSERT INTO variants VALUES ('PO/8', 'pot-limit Omaha hold''em high/low-split eight or better', 'omaha-high', 0, 'omaha-eight-or-better', 2);
INSERT INTO variants VALUES ('NO/8', 'no-limit Omaha hold''em high/low-split eight or better', 'omaha-high', 0, 'omaha-eight-or-better', 2);
INSERT INTO variants VALUES ('PC', 'pot-limit Courchevel', 'omaha-high', 0, NULL, NULL);
INSERT INTO variants VALUES ('NC', 'no-limit Courchevel', 'omaha-high', 0, NULL, NULL);
INSERT INTO variants VALUES ('FC', 'fixed-limit Courchevel', 'omaha-high', 0, NULL, NULL);
INSERT INTO variants VALUES ('PC/8', 'pot-limit Courchevel high/low-split eight or better', 'omaha-high', 0, 'omaha-eight-or-better', 2);
INSERT INTO variants VALUES ('NC/8', 'no-limit Courchevel high/low-split eight or better', 'omaha-high', 0, 'omaha-eight-or-better', 2);
INSERT INTO variants VALUES ('FC/8', 'fixed-limit Courchevel high/low-split eight or better', 'omaha-high', 0, 'omaha-eight-or-better', 2);
INSERT INTO variants VALUES ('P2L1D', 'pot-limit deuce-to-seven lowball single draw', 'deuce-to-seven', 4, NULL, NULL);
INSERT INTO variants VALUES ('F2L1D', 'fixed-limit deuce-to-seven lowball single draw', 'deuce-to-seven', 4, NULL, NULL);
INSERT INTO variants VALUES ('P2L3D', 'pot-limit deuce-to-seven lowball triple draw', 'deuce-to-seven', 4, NULL, NULL);
INSERT INTO variants VALUES ('N2L3D', 'no-limit deuce-to-seven lowball triple draw', 'deuce-to-seven', 4, NULL, NULL);
INSERT INTO variants VALUES ('PB', 'pot-limit badugi', 'badugi', 5, NULL, NULL);
INSERT INTO variants VALUES ('NB', 'no-limit badugi', 'badugi', 5, NULL, NULL);
INSERT INTO variants VALUES ('P5D', 'pot-limit five-card draw', 'high', 0, NULL, NULL);
INSERT INTO variants VALUES ('F5D', 'fixed-limit five-card draw', 'high', 0, NULL, NULL);
SELECT pg_catalog.setval('datasets_id_seq', 1, false);
SELECT pg_catalog.setval('player_names_id_seq', 1, false);
SELECT pg_catalog.setval('rejects_id_seq', 1, false);
SELECT pg_catalog.setval('source_names_id_seq', 1, false);
SELECT pg_catalog.setval('stakes_names_id_seq', 1, false);
SELECT pg_catalog.setval('summary_keys_id_seq', 1, false);
SELECT pg_catalog.setval('table_names_id_seq', 1, false);
SELECT pg_catalog.setval('tournaments_id_seq', 1, false);
SELECT pg_catalog.setval('venue_names_id_seq', 1, false);
ALTER TABLE ONLY alembic_version
    ADD CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num);
ALTER TABLE ONLY categories
    ADD CONSTRAINT pk_categories PRIMARY KEY (id);
ALTER TABLE ONLY datasets
    ADD CONSTRAINT pk_datasets PRIMARY KEY (id);
ALTER TABLE ONLY deals
    ADD CONSTRAINT pk_deals PRIMARY KEY (id);
ALTER TABLE ONLY hand_actions
    ADD CONSTRAINT pk_hand_actions PRIMARY KEY (deal_id);
ALTER TABLE ONLY hand_cards
    ADD CONSTRAINT pk_hand_cards PRIMARY KEY (deal_id, player);
ALTER TABLE ONLY hand_descriptions
    ADD CONSTRAINT pk_hand_descriptions PRIMARY KEY (strength);
ALTER TABLE ONLY hand_equities
    ADD CONSTRAINT pk_hand_equities PRIMARY KEY (deal_id, player);
ALTER TABLE ONLY hand_labels
    ADD CONSTRAINT pk_hand_labels PRIMARY KEY (deal_id, player);
ALTER TABLE ONLY hand_values
    ADD CONSTRAINT pk_hand_values PRIMARY KEY (deal_id, player);
ALTER TABLE ONLY id_marks
    ADD CONSTRAINT pk_id_marks PRIMARY KEY (name);
ALTER TABLE ONLY player_days
    ADD CONSTRAINT pk_player_days PRIMARY KEY (name_id, day, key_id, "position", dataset_id);
ALTER TABLE ONLY player_names
    ADD CONSTRAINT pk_player_names PRIMARY KEY (id);
ALTER TABLE ONLY player_runs
    ADD CONSTRAINT pk_player_runs PRIMARY KEY (name_id, dataset_id, key_id, day, bucket);
ALTER TABLE ONLY player_totals
    ADD CONSTRAINT pk_player_totals PRIMARY KEY (name_id, currency, "position", stakes, dataset_id);
ALTER TABLE ONLY rejects
    ADD CONSTRAINT pk_rejects PRIMARY KEY (id);
ALTER TABLE ONLY seats
    ADD CONSTRAINT pk_seats PRIMARY KEY (deal_id, player);
ALTER TABLE ONLY site_hands
    ADD CONSTRAINT pk_site_hands PRIMARY KEY (site, hand_number);
ALTER TABLE ONLY source_names
    ADD CONSTRAINT pk_source_names PRIMARY KEY (id);
ALTER TABLE ONLY stakes_names
    ADD CONSTRAINT pk_stakes_names PRIMARY KEY (id);
ALTER TABLE ONLY summary_keys
    ADD CONSTRAINT pk_summary_keys PRIMARY KEY (id);
ALTER TABLE ONLY table_names
    ADD CONSTRAINT pk_table_names PRIMARY KEY (id);
ALTER TABLE ONLY tournament_entries
    ADD CONSTRAINT pk_tournament_entries PRIMARY KEY (tournament_id, player);
ALTER TABLE ONLY tournaments
    ADD CONSTRAINT pk_tournaments PRIMARY KEY (id);
ALTER TABLE ONLY variant_values
    ADD CONSTRAINT pk_variant_values PRIMARY KEY (deal_id, player);
ALTER TABLE ONLY variants
    ADD CONSTRAINT pk_variants PRIMARY KEY (code);
ALTER TABLE ONLY venue_names
    ADD CONSTRAINT pk_venue_names PRIMARY KEY (id);
ALTER TABLE ONLY win_counts
    ADD CONSTRAINT pk_win_counts PRIMARY KEY (dataset_id, winner);
ALTER TABLE ONLY categories
    ADD CONSTRAINT uq_categories_kind_name UNIQUE (kind, name);
ALTER TABLE ONLY datasets
    ADD CONSTRAINT uq_datasets_name UNIQUE (name);
ALTER TABLE ONLY datasets
    ADD CONSTRAINT uq_datasets_sha256 UNIQUE (sha256);
ALTER TABLE ONLY player_names
    ADD CONSTRAINT uq_player_names_name UNIQUE (name);
ALTER TABLE ONLY source_names
    ADD CONSTRAINT uq_source_names_name UNIQUE (name);
ALTER TABLE ONLY stakes_names
    ADD CONSTRAINT uq_stakes_names_name UNIQUE (name);
ALTER TABLE ONLY summary_keys
    ADD CONSTRAINT uq_summary_keys_site_currency_stakes_big_blind UNIQUE (site, currency, stakes, big_blind);
ALTER TABLE ONLY table_names
    ADD CONSTRAINT uq_table_names_name UNIQUE (name);
ALTER TABLE ONLY tournaments
    ADD CONSTRAINT uq_tournaments_site_number UNIQUE (site, number);
ALTER TABLE ONLY venue_names
    ADD CONSTRAINT uq_venue_names_name UNIQUE (name);
CREATE INDEX ix_deals_dataset_id ON ONLY deals USING brin (dataset_id) WITH (autosummarize='on');
CREATE INDEX ix_rejects_dataset_id ON rejects USING btree (dataset_id);
CREATE INDEX ix_seats_allin ON ONLY seats USING btree (name_id, packed, net, allin) WHERE (allin = 1);
CREATE INDEX ix_tournament_entries_player_currency ON tournament_entries USING btree (player, currency);
CREATE INDEX ix_tournaments_dataset_id ON tournaments USING btree (dataset_id);
ALTER TABLE deals
    ADD CONSTRAINT fk_deals_dataset_id_datasets FOREIGN KEY (dataset_id) REFERENCES datasets(id) ON DELETE CASCADE;
ALTER TABLE hand_actions
    ADD CONSTRAINT fk_hand_actions_deal_id_deals FOREIGN KEY (deal_id) REFERENCES deals(id) ON DELETE CASCADE;
ALTER TABLE hand_cards
    ADD CONSTRAINT fk_hand_cards_deal_id_deals FOREIGN KEY (deal_id) REFERENCES deals(id) ON DELETE CASCADE;
ALTER TABLE hand_equities
    ADD CONSTRAINT fk_hand_equities_deal_id_hand_cards FOREIGN KEY (deal_id, player) REFERENCES hand_cards(deal_id, player) ON DELETE CASCADE;
ALTER TABLE hand_labels
    ADD CONSTRAINT fk_hand_labels_deal_id_hand_cards FOREIGN KEY (deal_id, player) REFERENCES hand_cards(deal_id, player) ON DELETE CASCADE;
ALTER TABLE hand_values
    ADD CONSTRAINT fk_hand_values_deal_id_hand_cards FOREIGN KEY (deal_id, player) REFERENCES hand_cards(deal_id, player) ON DELETE CASCADE;
ALTER TABLE ONLY player_days
    ADD CONSTRAINT fk_player_days_dataset_id_datasets FOREIGN KEY (dataset_id) REFERENCES datasets(id) ON DELETE CASCADE;
ALTER TABLE ONLY player_runs
    ADD CONSTRAINT fk_player_runs_dataset_id_datasets FOREIGN KEY (dataset_id) REFERENCES datasets(id) ON DELETE CASCADE;
ALTER TABLE ONLY player_totals
    ADD CONSTRAINT fk_player_totals_dataset_id_datasets FOREIGN KEY (dataset_id) REFERENCES datasets(id) ON DELETE CASCADE;
ALTER TABLE ONLY rejects
    ADD CONSTRAINT fk_rejects_dataset_id_datasets FOREIGN KEY (dataset_id) REFERENCES datasets(id) ON DELETE CASCADE;
ALTER TABLE seats
    ADD CONSTRAINT fk_seats_deal_id_deals FOREIGN KEY (deal_id) REFERENCES deals(id) ON DELETE CASCADE;
ALTER TABLE ONLY site_hands
    ADD CONSTRAINT fk_site_hands_dataset_id_datasets FOREIGN KEY (dataset_id) REFERENCES datasets(id) ON DELETE CASCADE;
ALTER TABLE ONLY tournament_entries
    ADD CONSTRAINT fk_tournament_entries_tournament_id_tournaments FOREIGN KEY (tournament_id) REFERENCES tournaments(id) ON DELETE CASCADE;
ALTER TABLE ONLY tournaments
    ADD CONSTRAINT fk_tournaments_dataset_id_datasets FOREIGN KEY (dataset_id) REFERENCES datasets(id) ON DELETE CASCADE;
ALTER TABLE variant_values
    ADD CONSTRAINT fk_variant_values_deal_id_hand_cards FOREIGN KEY (deal_id, player) REFERENCES hand_cards(deal_id, player) ON DELETE CASCADE;
ALTER TABLE ONLY win_counts
    ADD CONSTRAINT fk_win_counts_dataset_id_datasets FOREIGN KEY (dataset_id) REFERENCES datasets(id) ON DELETE CASCADE;
