-- pokerdb's SQLite schema at revision 0039
-- What the migrations make of an empty database (scripts/write-schema-snapshots.py; tests/test_schema_snapshot.py checks it): do not edit.
CREATE TABLE alembic_version (
	version_num VARCHAR(32) NOT NULL, 
	CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)
);
INSERT INTO "alembic_version" VALUES('0039');
CREATE TABLE "categories" (
	id SMALLINT NOT NULL, 
	name VARCHAR(20) NOT NULL, 
	kind VARCHAR(24) NOT NULL, 
	CONSTRAINT pk_categories PRIMARY KEY (id), 
	CONSTRAINT uq_categories_kind_name UNIQUE (kind, name)
);
INSERT INTO "categories" VALUES(0,'High Card','high');
INSERT INTO "categories" VALUES(1,'One Pair','high');
INSERT INTO "categories" VALUES(2,'Two Pairs','high');
INSERT INTO "categories" VALUES(3,'Three of a Kind','high');
INSERT INTO "categories" VALUES(4,'Straight','high');
INSERT INTO "categories" VALUES(5,'Flush','high');
INSERT INTO "categories" VALUES(6,'Full House','high');
INSERT INTO "categories" VALUES(7,'Four of a Kind','high');
INSERT INTO "categories" VALUES(8,'Straight Flush','high');
INSERT INTO "categories" VALUES(9,'Royal Flush','high');
INSERT INTO "categories" VALUES(16,'High Card','short-deck');
INSERT INTO "categories" VALUES(17,'One Pair','short-deck');
INSERT INTO "categories" VALUES(18,'Two Pairs','short-deck');
INSERT INTO "categories" VALUES(19,'Three of a Kind','short-deck');
INSERT INTO "categories" VALUES(20,'Straight','short-deck');
INSERT INTO "categories" VALUES(21,'Full House','short-deck');
INSERT INTO "categories" VALUES(22,'Flush','short-deck');
INSERT INTO "categories" VALUES(23,'Four of a Kind','short-deck');
INSERT INTO "categories" VALUES(24,'Straight Flush','short-deck');
INSERT INTO "categories" VALUES(25,'Royal Flush','short-deck');
INSERT INTO "categories" VALUES(32,'No Low','eight-or-better');
INSERT INTO "categories" VALUES(33,'Eight Low','eight-or-better');
INSERT INTO "categories" VALUES(34,'Seven Low','eight-or-better');
INSERT INTO "categories" VALUES(35,'Six Low','eight-or-better');
INSERT INTO "categories" VALUES(36,'Five Low','eight-or-better');
INSERT INTO "categories" VALUES(48,'Four of a Kind','ace-to-five');
INSERT INTO "categories" VALUES(49,'Full House','ace-to-five');
INSERT INTO "categories" VALUES(50,'Three of a Kind','ace-to-five');
INSERT INTO "categories" VALUES(51,'Two Pairs','ace-to-five');
INSERT INTO "categories" VALUES(52,'One Pair','ace-to-five');
INSERT INTO "categories" VALUES(53,'King Low','ace-to-five');
INSERT INTO "categories" VALUES(54,'Queen Low','ace-to-five');
INSERT INTO "categories" VALUES(55,'Jack Low','ace-to-five');
INSERT INTO "categories" VALUES(56,'Ten Low','ace-to-five');
INSERT INTO "categories" VALUES(57,'Nine Low','ace-to-five');
INSERT INTO "categories" VALUES(58,'Eight Low','ace-to-five');
INSERT INTO "categories" VALUES(59,'Seven Low','ace-to-five');
INSERT INTO "categories" VALUES(60,'Six Low','ace-to-five');
INSERT INTO "categories" VALUES(61,'Five Low','ace-to-five');
INSERT INTO "categories" VALUES(64,'Straight Flush','deuce-to-seven');
INSERT INTO "categories" VALUES(65,'Four of a Kind','deuce-to-seven');
INSERT INTO "categories" VALUES(66,'Full House','deuce-to-seven');
INSERT INTO "categories" VALUES(67,'Flush','deuce-to-seven');
INSERT INTO "categories" VALUES(68,'Straight','deuce-to-seven');
INSERT INTO "categories" VALUES(69,'Three of a Kind','deuce-to-seven');
INSERT INTO "categories" VALUES(70,'Two Pairs','deuce-to-seven');
INSERT INTO "categories" VALUES(71,'One Pair','deuce-to-seven');
INSERT INTO "categories" VALUES(72,'Ace Low','deuce-to-seven');
INSERT INTO "categories" VALUES(73,'King Low','deuce-to-seven');
INSERT INTO "categories" VALUES(74,'Queen Low','deuce-to-seven');
INSERT INTO "categories" VALUES(75,'Jack Low','deuce-to-seven');
INSERT INTO "categories" VALUES(76,'Ten Low','deuce-to-seven');
INSERT INTO "categories" VALUES(77,'Nine Low','deuce-to-seven');
INSERT INTO "categories" VALUES(78,'Eight Low','deuce-to-seven');
INSERT INTO "categories" VALUES(79,'Seven Low','deuce-to-seven');
INSERT INTO "categories" VALUES(80,'One-card badugi','badugi');
INSERT INTO "categories" VALUES(81,'Two-card badugi','badugi');
INSERT INTO "categories" VALUES(82,'Three-card badugi','badugi');
INSERT INTO "categories" VALUES(83,'Four-card badugi','badugi');
CREATE TABLE "datasets" (
	id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT, 
	name VARCHAR(255) NOT NULL, 
	sha256 VARCHAR(64) NOT NULL, 
	format VARCHAR(16) NOT NULL, 
	deals INTEGER NOT NULL, 
	imported_at DATETIME NOT NULL, 
	game VARCHAR(16) DEFAULT 'five-card' NOT NULL, 
	CONSTRAINT uq_datasets_name UNIQUE (name), 
	CONSTRAINT uq_datasets_sha256 UNIQUE (sha256)
);
CREATE TABLE deals (
	id INTEGER NOT NULL, 
	dataset_id INTEGER NOT NULL, 
	line_no INTEGER NOT NULL, 
	winner SMALLINT, board VARCHAR(14), variant VARCHAR(8), hand_number VARCHAR, 
	event VARCHAR GENERATED ALWAYS AS (json_extract(extras, '$[8]')) VIRTUAL, 
	
	time_zone VARCHAR GENERATED ALWAYS AS (json_extract(site_values, '$[4]')) VIRTUAL, 
	currency VARCHAR, 
	allin_board VARCHAR(14) GENERATED ALWAYS AS (json_extract(extras, '$[0]')) VIRTUAL, 
	
	min_bet BIGINT GENERATED ALWAYS AS (COALESCE(big_blind, 0) + min_bet_delta) VIRTUAL, 
	
	small_bet BIGINT GENERATED ALWAYS AS (json_extract(extras, '$[1]')) VIRTUAL, 
	
	big_bet BIGINT GENERATED ALWAYS AS (json_extract(extras, '$[2]')) VIRTUAL, 
	
	bring_in BIGINT GENERATED ALWAYS AS (json_extract(extras, '$[9]')) VIRTUAL, 
	ante_trimming BOOLEAN, 
	site VARCHAR GENERATED ALWAYS AS (json_extract(site_values, '$[0]')) VIRTUAL, 
	
	button_seat SMALLINT GENERATED ALWAYS AS (json_extract(site_values, '$[1]')) VIRTUAL, 
	played_at DATETIME, 
	tournament VARCHAR GENERATED ALWAYS AS (json_extract(extras, '$[4]')) VIRTUAL, 
	
	buy_in VARCHAR GENERATED ALWAYS AS (json_extract(extras, '$[5]')) VIRTUAL, 
	
	level VARCHAR GENERATED ALWAYS AS (json_extract(extras, '$[3]')) VIRTUAL, 
	
	total_pot BIGINT GENERATED ALWAYS AS (json_extract(site_values, '$[2]')) VIRTUAL, 
	rake BIGINT, 
	fees BIGINT GENERATED ALWAYS AS (json_extract(site_values, '$[3]')) VIRTUAL, 
	
	second_board VARCHAR(14) GENERATED ALWAYS AS (json_extract(extras, '$[6]')) VIRTUAL, 
	
	hero SMALLINT GENERATED ALWAYS AS (json_extract(site_values, '$[5]')) VIRTUAL, 
	result_known BOOLEAN DEFAULT 1 NOT NULL, 
	third_board VARCHAR(14) GENERATED ALWAYS AS (json_extract(extras, '$[7]')) VIRTUAL, 
	big_blind BIGINT, source_id INTEGER, venue_id INTEGER, table_name_id INTEGER, stakes_id INTEGER, source_key VARCHAR, day INTEGER, clock BIGINT, date DATE GENERATED ALWAYS AS (date(day + 1721424.5)) VIRTUAL, time TIME GENERATED ALWAYS AS (CASE WHEN clock >= 0 THEN printf('%02d:%02d:%02d', clock / 3600, clock / 60 % 60, clock % 60) WHEN clock < 0 THEN printf('%02d:%02d:%02d.%06d', (-1 - clock) / 3600000000, (-1 - clock) / 60000000 % 60, (-1 - clock) / 1000000 % 60, (-1 - clock) % 1000000) END) VIRTUAL, 
	extras TEXT, 
	site_values TEXT, 
	min_bet_delta BIGINT, 
	CONSTRAINT pk_deals PRIMARY KEY (id), 
	CONSTRAINT fk_deals_dataset_id_datasets FOREIGN KEY(dataset_id) REFERENCES datasets (id) ON DELETE CASCADE
);
CREATE TABLE "hand_actions" (
	deal_id INTEGER NOT NULL, 
	actions TEXT NOT NULL, 
	CONSTRAINT pk_hand_actions PRIMARY KEY (deal_id), 
	CONSTRAINT fk_hand_actions_deal_id_deals FOREIGN KEY(deal_id) REFERENCES deals (id) ON DELETE CASCADE
);
CREATE TABLE "hand_cards" (
	deal_id INTEGER NOT NULL, 
	player SMALLINT NOT NULL, 
	cards VARCHAR(20), 
	CONSTRAINT pk_hand_cards PRIMARY KEY (deal_id, player), 
	CONSTRAINT fk_hand_cards_deal_id_deals FOREIGN KEY(deal_id) REFERENCES deals (id) ON DELETE CASCADE
)
 WITHOUT ROWID

;
CREATE TABLE "hand_descriptions" (
	strength INTEGER NOT NULL, 
	description VARCHAR(80) NOT NULL, 
	category SMALLINT NOT NULL, 
	CONSTRAINT pk_hand_descriptions PRIMARY KEY (strength)
);
CREATE TABLE "hand_equities" (
	deal_id INTEGER NOT NULL, 
	player SMALLINT NOT NULL, 
	equity DOUBLE, 
	allin_equity DOUBLE, 
	allin_net BIGINT, 
	CONSTRAINT pk_hand_equities PRIMARY KEY (deal_id, player), 
	CONSTRAINT fk_hand_equities_deal_id_hand_cards FOREIGN KEY(deal_id, player) REFERENCES hand_cards (deal_id, player) ON DELETE CASCADE
)
 WITHOUT ROWID

;
CREATE TABLE hand_labels (
	deal_id INTEGER NOT NULL, 
	player SMALLINT NOT NULL, 
	label SMALLINT NOT NULL, 
	CONSTRAINT pk_hand_labels PRIMARY KEY (deal_id, player), 
	CONSTRAINT fk_hand_labels_deal_id_hand_cards FOREIGN KEY(deal_id, player) REFERENCES hand_cards (deal_id, player) ON DELETE CASCADE
)
 WITHOUT ROWID

;
CREATE TABLE "hand_values" (
	deal_id INTEGER NOT NULL, 
	player SMALLINT NOT NULL, 
	strength INTEGER, 
	best SMALLINT, 
	CONSTRAINT pk_hand_values PRIMARY KEY (deal_id, player), 
	CONSTRAINT fk_hand_values_deal_id_hand_cards FOREIGN KEY(deal_id, player) REFERENCES hand_cards (deal_id, player) ON DELETE CASCADE
)
 WITHOUT ROWID

;
CREATE TABLE id_marks (
	name VARCHAR(32) NOT NULL, 
	highest BIGINT NOT NULL, 
	CONSTRAINT pk_id_marks PRIMARY KEY (name)
);
INSERT INTO "id_marks" VALUES('deals',0);
CREATE TABLE player_days (
	name_id INTEGER NOT NULL, 
	day INTEGER NOT NULL, 
	key_id INTEGER NOT NULL, 
	position VARCHAR(6) NOT NULL, 
	dataset_id INTEGER NOT NULL, 
	hands BIGINT NOT NULL, 
	preflop_acted BIGINT NOT NULL, 
	vpip BIGINT NOT NULL, 
	pfr BIGINT NOT NULL, 
	three_bet_chance BIGINT NOT NULL, 
	three_bet BIGINT NOT NULL, 
	faced_three_bet BIGINT NOT NULL, 
	folded_to_three_bet BIGINT NOT NULL, 
	saw_flop BIGINT NOT NULL, 
	cbet_chance BIGINT NOT NULL, 
	cbet BIGINT NOT NULL, 
	faced_cbet BIGINT NOT NULL, 
	folded_to_cbet BIGINT NOT NULL, 
	postflop_aggressive BIGINT NOT NULL, 
	postflop_calls BIGINT NOT NULL, 
	postflop_folds BIGINT NOT NULL, 
	went_to_showdown BIGINT NOT NULL, 
	won_at_showdown BIGINT NOT NULL, 
	allin BIGINT NOT NULL, 
	net BIGINT NOT NULL, 
	hands_result_unknown BIGINT DEFAULT '0' NOT NULL, 
	CONSTRAINT pk_player_days PRIMARY KEY (name_id, day, key_id, position, dataset_id), 
	CONSTRAINT fk_player_days_dataset_id_datasets FOREIGN KEY(dataset_id) REFERENCES datasets (id) ON DELETE CASCADE
)
 WITHOUT ROWID

;
CREATE TABLE player_names (
	id INTEGER NOT NULL, 
	name VARCHAR NOT NULL, 
	CONSTRAINT pk_player_names PRIMARY KEY (id), 
	CONSTRAINT uq_player_names_name UNIQUE (name)
);
CREATE TABLE player_runs (
	name_id INTEGER NOT NULL, 
	dataset_id INTEGER NOT NULL, 
	key_id INTEGER NOT NULL, 
	day INTEGER NOT NULL, 
	bucket BIGINT NOT NULL, 
	hands BIGINT NOT NULL, 
	known BIGINT NOT NULL, 
	net BIGINT NOT NULL, 
	peak BIGINT NOT NULL, 
	biggest VARCHAR NOT NULL, 
	first_deal INTEGER NOT NULL, 
	last_deal INTEGER NOT NULL, 
	started BIGINT, 
	ended BIGINT, 
	tables VARCHAR NOT NULL, 
	CONSTRAINT pk_player_runs PRIMARY KEY (name_id, dataset_id, key_id, day, bucket), 
	CONSTRAINT fk_player_runs_dataset_id_datasets FOREIGN KEY(dataset_id) REFERENCES datasets (id) ON DELETE CASCADE
)
 WITHOUT ROWID

;
CREATE TABLE player_totals (
	name_id INTEGER NOT NULL, 
	currency VARCHAR NOT NULL, 
	position VARCHAR(6) NOT NULL, 
	stakes VARCHAR NOT NULL, 
	dataset_id INTEGER NOT NULL, 
	hands BIGINT NOT NULL, 
	preflop_acted BIGINT NOT NULL, 
	vpip BIGINT NOT NULL, 
	pfr BIGINT NOT NULL, 
	three_bet_chance BIGINT NOT NULL, 
	three_bet BIGINT NOT NULL, 
	faced_three_bet BIGINT NOT NULL, 
	folded_to_three_bet BIGINT NOT NULL, 
	saw_flop BIGINT NOT NULL, 
	cbet_chance BIGINT NOT NULL, 
	cbet BIGINT NOT NULL, 
	faced_cbet BIGINT NOT NULL, 
	folded_to_cbet BIGINT NOT NULL, 
	postflop_aggressive BIGINT NOT NULL, 
	postflop_calls BIGINT NOT NULL, 
	postflop_folds BIGINT NOT NULL, 
	went_to_showdown BIGINT NOT NULL, 
	won_at_showdown BIGINT NOT NULL, 
	allin BIGINT NOT NULL, 
	net BIGINT NOT NULL, 
	big_blind BIGINT, 
	hands_result_unknown BIGINT DEFAULT '0' NOT NULL, 
	CONSTRAINT pk_player_totals PRIMARY KEY (name_id, currency, position, stakes, dataset_id), 
	CONSTRAINT fk_player_totals_dataset_id_datasets FOREIGN KEY(dataset_id) REFERENCES datasets (id) ON DELETE CASCADE
)
 WITHOUT ROWID

;
CREATE TABLE "rejects" (
	id INTEGER NOT NULL, 
	dataset_id INTEGER NOT NULL, 
	line_no INTEGER NOT NULL, 
	raw VARCHAR NOT NULL, 
	reason VARCHAR NOT NULL, 
	line_bytes INTEGER NOT NULL, 
	CONSTRAINT pk_rejects PRIMARY KEY (id), 
	CONSTRAINT fk_rejects_dataset_id_datasets FOREIGN KEY(dataset_id) REFERENCES datasets (id) ON DELETE CASCADE
);
CREATE TABLE seats (
	deal_id INTEGER NOT NULL, 
	player SMALLINT NOT NULL, 
	starting_stack BIGINT, 
	
	showed BOOLEAN GENERATED ALWAYS AS (((packed >> 20) & 1) = 1) VIRTUAL NOT NULL, 
	put_in BIGINT NOT NULL, 
	net BIGINT, 
	winnings BIGINT, 
	finishing_stack BIGINT, 
	
	allin_stake BIGINT GENERATED ALWAYS AS (json_extract(extras, '$[0]')) VIRTUAL, 
	
	allin_pot BIGINT GENERATED ALWAYS AS (json_extract(extras, '$[1]')) VIRTUAL, ante BIGINT, blind BIGINT, seat_number SMALLINT, 
	position VARCHAR(8) GENERATED ALWAYS AS (CASE WHEN (packed & 32) <> 0 THEN CASE (packed & 31) WHEN 0 THEN NULL WHEN 1 THEN 'BB' WHEN 2 THEN 'BTN' WHEN 3 THEN 'SB' WHEN 4 THEN 'UTG' WHEN 5 THEN 'CO' WHEN 6 THEN 'HJ' WHEN 7 THEN 'LJ' ELSE 'UTG+' || CAST((packed & 31) - 7 AS TEXT) END END) VIRTUAL, collected BIGINT, raked BIGINT, 
	cashed_out BIGINT GENERATED ALWAYS AS (CASE WHEN json_type(extras, '$[2]') IS NOT NULL THEN json_extract(extras, '$[2]') WHEN collected IS NOT NULL THEN 0 END) VIRTUAL, 
	tracker_position VARCHAR(8) GENERATED ALWAYS AS (CASE WHEN (packed & 32) = 0 THEN CASE (packed & 31) WHEN 0 THEN NULL WHEN 1 THEN 'BB' WHEN 2 THEN 'BTN' WHEN 3 THEN 'SB' WHEN 4 THEN 'UTG' WHEN 5 THEN 'CO' WHEN 6 THEN 'HJ' WHEN 7 THEN 'LJ' ELSE 'UTG+' || CAST((packed & 31) - 7 AS TEXT) END END) VIRTUAL, 
	flags INTEGER GENERATED ALWAYS AS ((packed >> 6) & 16383) VIRTUAL NOT NULL, 
	postflop_aggressive SMALLINT GENERATED ALWAYS AS (CAST((packed >> 22) & 15 AS SMALLINT)) VIRTUAL NOT NULL, 
	
	postflop_calls SMALLINT GENERATED ALWAYS AS (CAST((packed >> 26) & 31 AS SMALLINT)) VIRTUAL NOT NULL, 
	
	postflop_folds SMALLINT GENERATED ALWAYS AS (CAST((packed >> 21) & 1 AS SMALLINT)) VIRTUAL NOT NULL, allin SMALLINT DEFAULT '0' NOT NULL, name_id INTEGER, 
	packed INTEGER DEFAULT '0' NOT NULL, 
	extras TEXT, 
	CONSTRAINT pk_seats PRIMARY KEY (deal_id, player), 
	CONSTRAINT fk_seats_deal_id_deals FOREIGN KEY(deal_id) REFERENCES deals (id) ON DELETE CASCADE
)
 WITHOUT ROWID

;
CREATE TABLE site_hands (
	site VARCHAR NOT NULL, 
	hand_number VARCHAR NOT NULL, 
	dataset_id INTEGER NOT NULL, 
	CONSTRAINT pk_site_hands PRIMARY KEY (site, hand_number), 
	CONSTRAINT fk_site_hands_dataset_id_datasets FOREIGN KEY(dataset_id) REFERENCES datasets (id) ON DELETE CASCADE
);
CREATE TABLE source_names (
	id INTEGER NOT NULL, 
	name VARCHAR NOT NULL, 
	CONSTRAINT pk_source_names PRIMARY KEY (id), 
	CONSTRAINT uq_source_names_name UNIQUE (name)
);
CREATE TABLE stakes_names (
	id INTEGER NOT NULL, 
	name VARCHAR NOT NULL, 
	CONSTRAINT pk_stakes_names PRIMARY KEY (id), 
	CONSTRAINT uq_stakes_names_name UNIQUE (name)
);
CREATE TABLE summary_keys (
	id INTEGER NOT NULL, 
	site VARCHAR NOT NULL, 
	currency VARCHAR NOT NULL, 
	stakes VARCHAR NOT NULL, 
	big_blind BIGINT NOT NULL, 
	CONSTRAINT pk_summary_keys PRIMARY KEY (id), 
	CONSTRAINT uq_summary_keys_site_currency_stakes_big_blind UNIQUE (site, currency, stakes, big_blind)
);
CREATE TABLE table_names (
	id INTEGER NOT NULL, 
	name VARCHAR NOT NULL, 
	CONSTRAINT pk_table_names PRIMARY KEY (id), 
	CONSTRAINT uq_table_names_name UNIQUE (name)
);
CREATE TABLE tournament_entries (
	tournament_id INTEGER NOT NULL, 
	player VARCHAR NOT NULL, 
	currency VARCHAR NOT NULL, 
	place INTEGER, 
	prize BIGINT NOT NULL, 
	bounties BIGINT, 
	knockouts INTEGER, 
	re_entries INTEGER, 
	rebuys INTEGER, 
	add_ons INTEGER, 
	rebuy_cost BIGINT, 
	cost BIGINT NOT NULL, 
	hero BOOLEAN NOT NULL, 
	CONSTRAINT pk_tournament_entries PRIMARY KEY (tournament_id, player), 
	CONSTRAINT fk_tournament_entries_tournament_id_tournaments FOREIGN KEY(tournament_id) REFERENCES tournaments (id) ON DELETE CASCADE
);
CREATE TABLE tournaments (
	id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT, 
	dataset_id INTEGER NOT NULL, 
	site VARCHAR NOT NULL, 
	number VARCHAR NOT NULL, 
	name VARCHAR, 
	game VARCHAR, 
	currency VARCHAR NOT NULL, 
	prize_part BIGINT NOT NULL, 
	bounty_part BIGINT NOT NULL, 
	fee BIGINT NOT NULL, 
	buy_in BIGINT NOT NULL, 
	entrants INTEGER, 
	prize_pool BIGINT, 
	date DATE, 
	time TIME, 
	time_zone VARCHAR, 
	started_at DATETIME, 
	source VARCHAR NOT NULL, 
	CONSTRAINT fk_tournaments_dataset_id_datasets FOREIGN KEY(dataset_id) REFERENCES datasets (id) ON DELETE CASCADE, 
	CONSTRAINT uq_tournaments_site_number UNIQUE (site, number)
);
CREATE TABLE variant_values (
	deal_id INTEGER NOT NULL, 
	player SMALLINT NOT NULL, 
	best VARCHAR(14), 
	low_strength INTEGER, 
	low_best VARCHAR(14), 
	CONSTRAINT pk_variant_values PRIMARY KEY (deal_id, player), 
	CONSTRAINT fk_variant_values_deal_id_hand_cards FOREIGN KEY(deal_id, player) REFERENCES hand_cards (deal_id, player) ON DELETE CASCADE
)
 WITHOUT ROWID

;
CREATE TABLE variants (
	code VARCHAR(8) NOT NULL, 
	name VARCHAR(80) NOT NULL, 
	high VARCHAR(24) NOT NULL, 
	high_naming SMALLINT NOT NULL, 
	low VARCHAR(24), 
	low_naming SMALLINT, 
	CONSTRAINT pk_variants PRIMARY KEY (code)
);
INSERT INTO "variants" VALUES('NT','no-limit Texas hold''em','high',0,NULL,NULL);
INSERT INTO "variants" VALUES('FT','fixed-limit Texas hold''em','high',0,NULL,NULL);
INSERT INTO "variants" VALUES('NS','no-limit short-deck hold''em','short-deck',1,NULL,NULL);
INSERT INTO "variants" VALUES('PO','pot-limit Omaha hold''em','omaha-high',0,NULL,NULL);
INSERT INTO "variants" VALUES('FO/8','fixed-limit Omaha hold''em high/low-split eight or better','omaha-high',0,'omaha-eight-or-better',2);
INSERT INTO "variants" VALUES('F7S','fixed-limit seven card stud','high',0,NULL,NULL);
INSERT INTO "variants" VALUES('F7S/8','fixed-limit seven card stud high/low-split eight or better','high',0,'eight-or-better',2);
INSERT INTO "variants" VALUES('FR','fixed-limit razz','ace-to-five',3,NULL,NULL);
INSERT INTO "variants" VALUES('N2L1D','no-limit deuce-to-seven lowball single draw','deuce-to-seven',4,NULL,NULL);
INSERT INTO "variants" VALUES('F2L3D','fixed-limit deuce-to-seven lowball triple draw','deuce-to-seven',4,NULL,NULL);
INSERT INTO "variants" VALUES('FB','fixed-limit badugi','badugi',5,NULL,NULL);
INSERT INTO "variants" VALUES('N5D','no-limit five-card draw','high',0,NULL,NULL);
INSERT INTO "variants" VALUES('PT','pot-limit Texas hold''em','high',0,NULL,NULL);
INSERT INTO "variants" VALUES('PS','pot-limit short-deck hold''em','short-deck',1,NULL,NULL);
INSERT INTO "variants" VALUES('NO','no-limit Omaha hold''em','omaha-high',0,NULL,NULL);
INSERT INTO "variants" VALUES('FO','fixed-limit Omaha hold''em','omaha-high',0,NULL,NULL);
INSERT INTO "variants" VALUES('PO/8','pot-limit Omaha hold''em high/low-split eight or better','omaha-high',0,'omaha-eight-or-better',2);
INSERT INTO "variants" VALUES('NO/8','no-limit Omaha hold''em high/low-split eight or better','omaha-high',0,'omaha-eight-or-better',2);
INSERT INTO "variants" VALUES('PC','pot-limit Courchevel','omaha-high',0,NULL,NULL);
INSERT INTO "variants" VALUES('NC','no-limit Courchevel','omaha-high',0,NULL,NULL);
INSERT INTO "variants" VALUES('FC','fixed-limit Courchevel','omaha-high',0,NULL,NULL);
INSERT INTO "variants" VALUES('PC/8','pot-limit Courchevel high/low-split eight or better','omaha-high',0,'omaha-eight-or-better',2);
INSERT INTO "variants" VALUES('NC/8','no-limit Courchevel high/low-split eight or better','omaha-high',0,'omaha-eight-or-better',2);
INSERT INTO "variants" VALUES('FC/8','fixed-limit Courchevel high/low-split eight or better','omaha-high',0,'omaha-eight-or-better',2);
INSERT INTO "variants" VALUES('P2L1D','pot-limit deuce-to-seven lowball single draw','deuce-to-seven',4,NULL,NULL);
INSERT INTO "variants" VALUES('F2L1D','fixed-limit deuce-to-seven lowball single draw','deuce-to-seven',4,NULL,NULL);
INSERT INTO "variants" VALUES('P2L3D','pot-limit deuce-to-seven lowball triple draw','deuce-to-seven',4,NULL,NULL);
INSERT INTO "variants" VALUES('N2L3D','no-limit deuce-to-seven lowball triple draw','deuce-to-seven',4,NULL,NULL);
INSERT INTO "variants" VALUES('PB','pot-limit badugi','badugi',5,NULL,NULL);
INSERT INTO "variants" VALUES('NB','no-limit badugi','badugi',5,NULL,NULL);
INSERT INTO "variants" VALUES('P5D','pot-limit five-card draw','high',0,NULL,NULL);
INSERT INTO "variants" VALUES('F5D','fixed-limit five-card draw','high',0,NULL,NULL);
CREATE TABLE venue_names (
	id INTEGER NOT NULL, 
	name VARCHAR NOT NULL, 
	CONSTRAINT pk_venue_names PRIMARY KEY (id), 
	CONSTRAINT uq_venue_names_name UNIQUE (name)
);
CREATE TABLE win_counts (
	dataset_id INTEGER NOT NULL, 
	winner SMALLINT NOT NULL, 
	deals INTEGER NOT NULL, 
	CONSTRAINT pk_win_counts PRIMARY KEY (dataset_id, winner), 
	CONSTRAINT fk_win_counts_dataset_id_datasets FOREIGN KEY(dataset_id) REFERENCES datasets (id) ON DELETE CASCADE
);
CREATE INDEX ix_rejects_dataset_id ON rejects (dataset_id);
CREATE INDEX ix_tournaments_dataset_id ON tournaments (dataset_id);
CREATE INDEX ix_tournament_entries_player_currency ON tournament_entries (player, currency);
CREATE INDEX ix_seats_allin ON seats (name_id, packed, net, allin) WHERE allin = 1;
CREATE INDEX ix_deals_dataset_id ON deals (dataset_id);
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
       CASE WHEN d.winner IS NULL THEN NULL
            WHEN d.winner = 0 THEN 'Tie'
            ELSE 'Player ' || d.winner END AS result
FROM deals d
JOIN datasets ds ON ds.id = d.dataset_id
LEFT JOIN variants vr ON vr.code = d.variant
LEFT JOIN hand_cards h1 ON h1.deal_id = d.id AND h1.player = 1
LEFT JOIN hand_values v1 ON v1.deal_id = d.id AND v1.player = 1
LEFT JOIN hand_descriptions d1 ON COALESCE(vr.high_naming, 0) <> 0 AND d1.strength = COALESCE(vr.high_naming, 0) * 16777216 + v1.strength
LEFT JOIN categories c1 ON c1.id = CASE WHEN COALESCE(vr.high_naming, 0) = 0 THEN CAST(v1.strength >> 20 AS SMALLINT) ELSE d1.category END
LEFT JOIN hand_cards h2 ON h2.deal_id = d.id AND h2.player = 2
LEFT JOIN hand_values v2 ON v2.deal_id = d.id AND v2.player = 2
LEFT JOIN hand_descriptions d2 ON COALESCE(vr.high_naming, 0) <> 0 AND d2.strength = COALESCE(vr.high_naming, 0) * 16777216 + v2.strength
LEFT JOIN categories c2 ON c2.id = CASE WHEN COALESCE(vr.high_naming, 0) = 0 THEN CAST(v2.strength >> 20 AS SMALLINT) ELSE d2.category END;
CREATE VIEW tournament_hands AS SELECT t.id AS tournament_id, d.id AS deal_id FROM tournaments t JOIN deals d ON d.site = t.site AND d.tournament = t.number;
CREATE VIEW player_tournaments AS SELECT e.player AS player, e.currency AS currency, COUNT(*) AS tournaments, COALESCE(SUM(p.hands), 0) AS hands, (CASE WHEN (SUM(e.cost)) % 10000 = 0 THEN (SUM(e.cost)) / 10000 ELSE (SUM(e.cost)) / 10000.0 END) AS cost, (CASE WHEN (SUM(e.prize + COALESCE(e.bounties, 0))) % 10000 = 0 THEN (SUM(e.prize + COALESCE(e.bounties, 0))) / 10000 ELSE (SUM(e.prize + COALESCE(e.bounties, 0))) / 10000.0 END) AS won, (CASE WHEN (SUM(e.prize + COALESCE(e.bounties, 0) - e.cost)) % 10000 = 0 THEN (SUM(e.prize + COALESCE(e.bounties, 0) - e.cost)) / 10000 ELSE (SUM(e.prize + COALESCE(e.bounties, 0) - e.cost)) / 10000.0 END) AS profit, CAST(ROUND(100.0 * SUM(e.prize + COALESCE(e.bounties, 0) - e.cost) / NULLIF(SUM(e.cost), 0), 1) AS DOUBLE PRECISION) AS roi, CAST(ROUND(100.0 * SUM(CASE WHEN e.prize > 0 THEN 1 ELSE 0 END) / COUNT(*), 1) AS DOUBLE PRECISION) AS itm, CAST(ROUND(1.0 * SUM(e.place) / NULLIF(COUNT(e.place), 0), 2) AS DOUBLE PRECISION) AS average_finish FROM tournament_entries e JOIN tournaments t ON t.id = e.tournament_id LEFT JOIN (SELECT d.site AS site, d.tournament AS number, n.name AS name, COUNT(*) AS hands FROM deals d JOIN seats s ON s.deal_id = d.id JOIN player_names n ON n.id = s.name_id WHERE d.tournament IS NOT NULL GROUP BY d.site, d.tournament, n.name) p ON p.site = t.site AND p.number = t.number AND p.name = e.player GROUP BY e.player, e.currency;
CREATE VIEW player_buy_in_tournaments AS SELECT e.player AS player, e.currency AS currency, (CASE WHEN (t.buy_in) % 10000 = 0 THEN (t.buy_in) / 10000 ELSE (t.buy_in) / 10000.0 END) AS buy_in, COUNT(*) AS tournaments, COALESCE(SUM(p.hands), 0) AS hands, (CASE WHEN (SUM(e.cost)) % 10000 = 0 THEN (SUM(e.cost)) / 10000 ELSE (SUM(e.cost)) / 10000.0 END) AS cost, (CASE WHEN (SUM(e.prize + COALESCE(e.bounties, 0))) % 10000 = 0 THEN (SUM(e.prize + COALESCE(e.bounties, 0))) / 10000 ELSE (SUM(e.prize + COALESCE(e.bounties, 0))) / 10000.0 END) AS won, (CASE WHEN (SUM(e.prize + COALESCE(e.bounties, 0) - e.cost)) % 10000 = 0 THEN (SUM(e.prize + COALESCE(e.bounties, 0) - e.cost)) / 10000 ELSE (SUM(e.prize + COALESCE(e.bounties, 0) - e.cost)) / 10000.0 END) AS profit, CAST(ROUND(100.0 * SUM(e.prize + COALESCE(e.bounties, 0) - e.cost) / NULLIF(SUM(e.cost), 0), 1) AS DOUBLE PRECISION) AS roi, CAST(ROUND(100.0 * SUM(CASE WHEN e.prize > 0 THEN 1 ELSE 0 END) / COUNT(*), 1) AS DOUBLE PRECISION) AS itm, CAST(ROUND(1.0 * SUM(e.place) / NULLIF(COUNT(e.place), 0), 2) AS DOUBLE PRECISION) AS average_finish FROM tournament_entries e JOIN tournaments t ON t.id = e.tournament_id LEFT JOIN (SELECT d.site AS site, d.tournament AS number, n.name AS name, COUNT(*) AS hands FROM deals d JOIN seats s ON s.deal_id = d.id JOIN player_names n ON n.id = s.name_id WHERE d.tournament IS NOT NULL GROUP BY d.site, d.tournament, n.name) p ON p.site = t.site AND p.number = t.number AND p.name = e.player GROUP BY e.player, e.currency, t.buy_in;
CREATE VIEW seat_stats AS
SELECT s.deal_id, s.player, n.name, CAST(CASE (s.packed & 31) WHEN 0 THEN NULL WHEN 1 THEN 'BB' WHEN 2 THEN 'BTN' WHEN 3 THEN 'SB' WHEN 4 THEN 'UTG' WHEN 5 THEN 'CO' WHEN 6 THEN 'HJ' WHEN 7 THEN 'LJ' ELSE 'UTG+' || CAST((s.packed & 31) - 7 AS TEXT) END AS VARCHAR(8)) AS position, st.name AS stakes, d.big_blind, s.net,
       CAST((s.packed >> 6) & 1 AS SMALLINT) AS preflop_acted,
       CAST((s.packed >> 7) & 1 AS SMALLINT) AS vpip,
       CAST((s.packed >> 8) & 1 AS SMALLINT) AS pfr,
       CAST((s.packed >> 9) & 1 AS SMALLINT) AS three_bet_chance,
       CAST((s.packed >> 10) & 1 AS SMALLINT) AS three_bet,
       CAST((s.packed >> 11) & 1 AS SMALLINT) AS faced_three_bet,
       CAST((s.packed >> 12) & 1 AS SMALLINT) AS folded_to_three_bet,
       CAST((s.packed >> 13) & 1 AS SMALLINT) AS saw_flop,
       CAST((s.packed >> 14) & 1 AS SMALLINT) AS cbet_chance,
       CAST((s.packed >> 15) & 1 AS SMALLINT) AS cbet,
       CAST((s.packed >> 16) & 1 AS SMALLINT) AS faced_cbet,
       CAST((s.packed >> 17) & 1 AS SMALLINT) AS folded_to_cbet,
       s.postflop_aggressive AS postflop_aggressive,
       s.postflop_calls AS postflop_calls,
       CAST((s.packed >> 21) & 1 AS SMALLINT) AS postflop_folds,
       CAST((s.packed >> 18) & 1 AS SMALLINT) AS went_to_showdown,
       CAST((s.packed >> 19) & 1 AS SMALLINT) AS won_at_showdown,
       s.allin AS allin,
       s.name_id
FROM seats s JOIN deals d ON d.id = s.deal_id LEFT JOIN player_names n ON n.id = s.name_id LEFT JOIN stakes_names st ON st.id = d.stakes_id;
CREATE VIEW player_stats AS
SELECT n.name AS player, f.currency,
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
       (CASE WHEN (f.net) % 10000 = 0 THEN (f.net) / 10000 ELSE (f.net) / 10000.0 END) AS net,
       f.bb_per_100,
       (CASE WHEN (f.net + COALESCE(a.allin_delta, 0)) % 10000 = 0 THEN (f.net + COALESCE(a.allin_delta, 0)) / 10000 ELSE (f.net + COALESCE(a.allin_delta, 0)) / 10000.0 END) AS allin_adjusted_net,
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
FROM (
  SELECT t.name_id, t.currency,
       SUM(t.hands) AS hands,
       SUM(t.hands_result_unknown) AS hands_result_unknown,
       CAST(ROUND(CAST(100.0 * SUM(t.vpip) / NULLIF(SUM(t.preflop_acted), 0) AS NUMERIC), 1) AS DOUBLE PRECISION) AS vpip,
       CAST(ROUND(CAST(100.0 * SUM(t.pfr) / NULLIF(SUM(t.preflop_acted), 0) AS NUMERIC), 1) AS DOUBLE PRECISION) AS pfr,
       CAST(ROUND(CAST(100.0 * SUM(t.three_bet) / NULLIF(SUM(t.three_bet_chance), 0) AS NUMERIC), 1) AS DOUBLE PRECISION) AS three_bet,
       CAST(ROUND(CAST(100.0 * SUM(t.folded_to_three_bet) / NULLIF(SUM(t.faced_three_bet), 0) AS NUMERIC), 1) AS DOUBLE PRECISION) AS fold_to_three_bet,
       CAST(ROUND(CAST(100.0 * SUM(t.cbet) / NULLIF(SUM(t.cbet_chance), 0) AS NUMERIC), 1) AS DOUBLE PRECISION) AS cbet,
       CAST(ROUND(CAST(100.0 * SUM(t.folded_to_cbet) / NULLIF(SUM(t.faced_cbet), 0) AS NUMERIC), 1) AS DOUBLE PRECISION) AS fold_to_cbet,
       CAST(ROUND(CAST(1.0 * SUM(t.postflop_aggressive) / NULLIF(SUM(t.postflop_calls), 0) AS NUMERIC), 2) AS DOUBLE PRECISION) AS aggression_factor,
       CAST(ROUND(CAST(100.0 * SUM(t.postflop_aggressive) / NULLIF(SUM(t.postflop_aggressive + t.postflop_calls + t.postflop_folds), 0) AS NUMERIC), 1) AS DOUBLE PRECISION) AS aggression_frequency,
       CAST(ROUND(CAST(100.0 * SUM(t.went_to_showdown) / NULLIF(SUM(t.saw_flop), 0) AS NUMERIC), 1) AS DOUBLE PRECISION) AS went_to_showdown,
       CAST(ROUND(CAST(100.0 * SUM(t.won_at_showdown) / NULLIF(SUM(t.went_to_showdown - t.hands_result_unknown), 0) AS NUMERIC), 1) AS DOUBLE PRECISION) AS won_at_showdown,
       SUM(t.net) AS net,
       CAST(ROUND(CAST(100.0 * SUM(1.0 * t.net / t.big_blind) / NULLIF(SUM(CASE WHEN t.big_blind IS NOT NULL THEN t.hands - t.hands_result_unknown ELSE 0 END), 0) AS NUMERIC), 2) AS DOUBLE PRECISION) AS bb_per_100,
       SUM(CASE WHEN t.big_blind IS NOT NULL THEN t.hands - t.hands_result_unknown ELSE 0 END) AS hands_with_big_blind,
       SUM(t.preflop_acted) AS n_preflop_acted,
       SUM(t.vpip) AS n_vpip,
       SUM(t.pfr) AS n_pfr,
       SUM(t.three_bet_chance) AS n_three_bet_chance,
       SUM(t.three_bet) AS n_three_bet,
       SUM(t.faced_three_bet) AS n_faced_three_bet,
       SUM(t.folded_to_three_bet) AS n_folded_to_three_bet,
       SUM(t.saw_flop) AS n_saw_flop,
       SUM(t.cbet_chance) AS n_cbet_chance,
       SUM(t.cbet) AS n_cbet,
       SUM(t.faced_cbet) AS n_faced_cbet,
       SUM(t.folded_to_cbet) AS n_folded_to_cbet,
       SUM(t.postflop_aggressive) AS n_postflop_aggressive,
       SUM(t.postflop_calls) AS n_postflop_calls,
       SUM(t.postflop_folds) AS n_postflop_folds,
       SUM(t.went_to_showdown) AS n_went_to_showdown,
       SUM(t.won_at_showdown) AS n_won_at_showdown,
       SUM(t.allin) AS n_allin
  FROM player_totals t
  GROUP BY t.name_id, t.currency) f
JOIN player_names n ON n.id = f.name_id
LEFT JOIN (
  SELECT s.name_id AS name_id, COALESCE(d.currency, '') AS currency, SUM(e.allin_net - s.net) AS allin_delta
  FROM seat_stats s JOIN hand_equities e ON e.deal_id = s.deal_id AND e.player = s.player
  JOIN deals d ON d.id = s.deal_id
  WHERE s.allin = 1 AND s.name_id IS NOT NULL
  GROUP BY s.name_id, COALESCE(d.currency, '')) a ON a.name_id = f.name_id AND a.currency = f.currency;
CREATE VIEW player_position_stats AS
SELECT n.name AS player, f.currency, f.position,
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
       (CASE WHEN (f.net) % 10000 = 0 THEN (f.net) / 10000 ELSE (f.net) / 10000.0 END) AS net,
       f.bb_per_100,
       (CASE WHEN (f.net + COALESCE(a.allin_delta, 0)) % 10000 = 0 THEN (f.net + COALESCE(a.allin_delta, 0)) / 10000 ELSE (f.net + COALESCE(a.allin_delta, 0)) / 10000.0 END) AS allin_adjusted_net,
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
FROM (
  SELECT t.name_id, t.currency, t.position,
       SUM(t.hands) AS hands,
       SUM(t.hands_result_unknown) AS hands_result_unknown,
       CAST(ROUND(CAST(100.0 * SUM(t.vpip) / NULLIF(SUM(t.preflop_acted), 0) AS NUMERIC), 1) AS DOUBLE PRECISION) AS vpip,
       CAST(ROUND(CAST(100.0 * SUM(t.pfr) / NULLIF(SUM(t.preflop_acted), 0) AS NUMERIC), 1) AS DOUBLE PRECISION) AS pfr,
       CAST(ROUND(CAST(100.0 * SUM(t.three_bet) / NULLIF(SUM(t.three_bet_chance), 0) AS NUMERIC), 1) AS DOUBLE PRECISION) AS three_bet,
       CAST(ROUND(CAST(100.0 * SUM(t.folded_to_three_bet) / NULLIF(SUM(t.faced_three_bet), 0) AS NUMERIC), 1) AS DOUBLE PRECISION) AS fold_to_three_bet,
       CAST(ROUND(CAST(100.0 * SUM(t.cbet) / NULLIF(SUM(t.cbet_chance), 0) AS NUMERIC), 1) AS DOUBLE PRECISION) AS cbet,
       CAST(ROUND(CAST(100.0 * SUM(t.folded_to_cbet) / NULLIF(SUM(t.faced_cbet), 0) AS NUMERIC), 1) AS DOUBLE PRECISION) AS fold_to_cbet,
       CAST(ROUND(CAST(1.0 * SUM(t.postflop_aggressive) / NULLIF(SUM(t.postflop_calls), 0) AS NUMERIC), 2) AS DOUBLE PRECISION) AS aggression_factor,
       CAST(ROUND(CAST(100.0 * SUM(t.postflop_aggressive) / NULLIF(SUM(t.postflop_aggressive + t.postflop_calls + t.postflop_folds), 0) AS NUMERIC), 1) AS DOUBLE PRECISION) AS aggression_frequency,
       CAST(ROUND(CAST(100.0 * SUM(t.went_to_showdown) / NULLIF(SUM(t.saw_flop), 0) AS NUMERIC), 1) AS DOUBLE PRECISION) AS went_to_showdown,
       CAST(ROUND(CAST(100.0 * SUM(t.won_at_showdown) / NULLIF(SUM(t.went_to_showdown - t.hands_result_unknown), 0) AS NUMERIC), 1) AS DOUBLE PRECISION) AS won_at_showdown,
       SUM(t.net) AS net,
       CAST(ROUND(CAST(100.0 * SUM(1.0 * t.net / t.big_blind) / NULLIF(SUM(CASE WHEN t.big_blind IS NOT NULL THEN t.hands - t.hands_result_unknown ELSE 0 END), 0) AS NUMERIC), 2) AS DOUBLE PRECISION) AS bb_per_100,
       SUM(CASE WHEN t.big_blind IS NOT NULL THEN t.hands - t.hands_result_unknown ELSE 0 END) AS hands_with_big_blind,
       SUM(t.preflop_acted) AS n_preflop_acted,
       SUM(t.vpip) AS n_vpip,
       SUM(t.pfr) AS n_pfr,
       SUM(t.three_bet_chance) AS n_three_bet_chance,
       SUM(t.three_bet) AS n_three_bet,
       SUM(t.faced_three_bet) AS n_faced_three_bet,
       SUM(t.folded_to_three_bet) AS n_folded_to_three_bet,
       SUM(t.saw_flop) AS n_saw_flop,
       SUM(t.cbet_chance) AS n_cbet_chance,
       SUM(t.cbet) AS n_cbet,
       SUM(t.faced_cbet) AS n_faced_cbet,
       SUM(t.folded_to_cbet) AS n_folded_to_cbet,
       SUM(t.postflop_aggressive) AS n_postflop_aggressive,
       SUM(t.postflop_calls) AS n_postflop_calls,
       SUM(t.postflop_folds) AS n_postflop_folds,
       SUM(t.went_to_showdown) AS n_went_to_showdown,
       SUM(t.won_at_showdown) AS n_won_at_showdown,
       SUM(t.allin) AS n_allin
  FROM player_totals t
  GROUP BY t.name_id, t.currency, t.position) f
JOIN player_names n ON n.id = f.name_id
LEFT JOIN (
  SELECT s.name_id AS name_id, COALESCE(d.currency, '') AS currency, s.position AS position, SUM(e.allin_net - s.net) AS allin_delta
  FROM seat_stats s JOIN hand_equities e ON e.deal_id = s.deal_id AND e.player = s.player
  JOIN deals d ON d.id = s.deal_id
  WHERE s.allin = 1 AND s.name_id IS NOT NULL
  GROUP BY s.name_id, COALESCE(d.currency, ''), s.position) a ON a.name_id = f.name_id AND a.currency = f.currency AND a.position = f.position;
CREATE VIEW player_stakes_stats AS
SELECT n.name AS player, f.currency, NULLIF(f.stakes, '') AS stakes,
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
       (CASE WHEN (f.net) % 10000 = 0 THEN (f.net) / 10000 ELSE (f.net) / 10000.0 END) AS net,
       f.bb_per_100,
       (CASE WHEN (f.net + COALESCE(a.allin_delta, 0)) % 10000 = 0 THEN (f.net + COALESCE(a.allin_delta, 0)) / 10000 ELSE (f.net + COALESCE(a.allin_delta, 0)) / 10000.0 END) AS allin_adjusted_net,
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
FROM (
  SELECT t.name_id, t.currency, t.stakes,
       SUM(t.hands) AS hands,
       SUM(t.hands_result_unknown) AS hands_result_unknown,
       CAST(ROUND(CAST(100.0 * SUM(t.vpip) / NULLIF(SUM(t.preflop_acted), 0) AS NUMERIC), 1) AS DOUBLE PRECISION) AS vpip,
       CAST(ROUND(CAST(100.0 * SUM(t.pfr) / NULLIF(SUM(t.preflop_acted), 0) AS NUMERIC), 1) AS DOUBLE PRECISION) AS pfr,
       CAST(ROUND(CAST(100.0 * SUM(t.three_bet) / NULLIF(SUM(t.three_bet_chance), 0) AS NUMERIC), 1) AS DOUBLE PRECISION) AS three_bet,
       CAST(ROUND(CAST(100.0 * SUM(t.folded_to_three_bet) / NULLIF(SUM(t.faced_three_bet), 0) AS NUMERIC), 1) AS DOUBLE PRECISION) AS fold_to_three_bet,
       CAST(ROUND(CAST(100.0 * SUM(t.cbet) / NULLIF(SUM(t.cbet_chance), 0) AS NUMERIC), 1) AS DOUBLE PRECISION) AS cbet,
       CAST(ROUND(CAST(100.0 * SUM(t.folded_to_cbet) / NULLIF(SUM(t.faced_cbet), 0) AS NUMERIC), 1) AS DOUBLE PRECISION) AS fold_to_cbet,
       CAST(ROUND(CAST(1.0 * SUM(t.postflop_aggressive) / NULLIF(SUM(t.postflop_calls), 0) AS NUMERIC), 2) AS DOUBLE PRECISION) AS aggression_factor,
       CAST(ROUND(CAST(100.0 * SUM(t.postflop_aggressive) / NULLIF(SUM(t.postflop_aggressive + t.postflop_calls + t.postflop_folds), 0) AS NUMERIC), 1) AS DOUBLE PRECISION) AS aggression_frequency,
       CAST(ROUND(CAST(100.0 * SUM(t.went_to_showdown) / NULLIF(SUM(t.saw_flop), 0) AS NUMERIC), 1) AS DOUBLE PRECISION) AS went_to_showdown,
       CAST(ROUND(CAST(100.0 * SUM(t.won_at_showdown) / NULLIF(SUM(t.went_to_showdown - t.hands_result_unknown), 0) AS NUMERIC), 1) AS DOUBLE PRECISION) AS won_at_showdown,
       SUM(t.net) AS net,
       CAST(ROUND(CAST(100.0 * SUM(1.0 * t.net / t.big_blind) / NULLIF(SUM(CASE WHEN t.big_blind IS NOT NULL THEN t.hands - t.hands_result_unknown ELSE 0 END), 0) AS NUMERIC), 2) AS DOUBLE PRECISION) AS bb_per_100,
       SUM(CASE WHEN t.big_blind IS NOT NULL THEN t.hands - t.hands_result_unknown ELSE 0 END) AS hands_with_big_blind,
       SUM(t.preflop_acted) AS n_preflop_acted,
       SUM(t.vpip) AS n_vpip,
       SUM(t.pfr) AS n_pfr,
       SUM(t.three_bet_chance) AS n_three_bet_chance,
       SUM(t.three_bet) AS n_three_bet,
       SUM(t.faced_three_bet) AS n_faced_three_bet,
       SUM(t.folded_to_three_bet) AS n_folded_to_three_bet,
       SUM(t.saw_flop) AS n_saw_flop,
       SUM(t.cbet_chance) AS n_cbet_chance,
       SUM(t.cbet) AS n_cbet,
       SUM(t.faced_cbet) AS n_faced_cbet,
       SUM(t.folded_to_cbet) AS n_folded_to_cbet,
       SUM(t.postflop_aggressive) AS n_postflop_aggressive,
       SUM(t.postflop_calls) AS n_postflop_calls,
       SUM(t.postflop_folds) AS n_postflop_folds,
       SUM(t.went_to_showdown) AS n_went_to_showdown,
       SUM(t.won_at_showdown) AS n_won_at_showdown,
       SUM(t.allin) AS n_allin
  FROM player_totals t
  GROUP BY t.name_id, t.currency, t.stakes) f
JOIN player_names n ON n.id = f.name_id
LEFT JOIN (
  SELECT s.name_id AS name_id, COALESCE(d.currency, '') AS currency, COALESCE(s.stakes, '') AS stakes, SUM(e.allin_net - s.net) AS allin_delta
  FROM seat_stats s JOIN hand_equities e ON e.deal_id = s.deal_id AND e.player = s.player
  JOIN deals d ON d.id = s.deal_id
  WHERE s.allin = 1 AND s.name_id IS NOT NULL
  GROUP BY s.name_id, COALESCE(d.currency, ''), COALESCE(s.stakes, '')) a ON a.name_id = f.name_id AND a.currency = f.currency AND a.stakes = f.stakes;
CREATE VIEW actions AS
SELECT h.deal_id, a.key + 1 AS seq,
       CASE WHEN substr(CAST(h.actions AS TEXT), 1, 1) <> '[' THEN CASE WHEN a.value GLOB '[0-9]* *' THEN CAST(substr(a.value, 1, instr(a.value, ' ') - 1) AS INTEGER) END WHEN a.type = 'array' THEN json_extract(a.value, '$[0]') WHEN a.type = 'text' THEN CASE WHEN a.value GLOB 'p[1-9] *' THEN CAST(substr(a.value, 2, 1) AS INTEGER) WHEN a.value GLOB 'p[1-9][0-9] *' THEN CAST(substr(a.value, 2, 2) AS INTEGER) END END AS player,
       CASE WHEN substr(CAST(h.actions AS TEXT), 1, 1) <> '[' THEN CASE WHEN a.value GLOB '[0-9]* *' THEN 'p' || a.value WHEN a.value GLOB '[0-9]*' THEN 'd dh p' || a.value || ' ????' ELSE 'd ' || a.value END WHEN a.type = 'array' THEN json_extract(a.value, '$[1]') WHEN a.type = 'integer' THEN 'd dh p' || a.value || ' ????' ELSE a.value END AS action
FROM hand_actions h, json_each(CASE WHEN substr(CAST(h.actions AS TEXT), 1, 1) <> '[' THEN '["' || replace(CAST(h.actions AS TEXT), '|', '","') || '"]' ELSE h.actions END) a;
CREATE VIEW hands AS
SELECT c.deal_id,
       c.player,
       c.cards,
       (SELECT CASE WHEN COALESCE((SELECT vr.high_naming FROM variants vr WHERE vr.code = dl.variant), 0) = 0 THEN CAST(v.strength >> 20 AS SMALLINT) ELSE (SELECT d.category FROM hand_descriptions d WHERE d.strength = COALESCE((SELECT vr.high_naming FROM variants vr WHERE vr.code = dl.variant), 0) * 16777216 + v.strength) END FROM hand_values v WHERE c.known IS NOT NULL AND v.deal_id = c.deal_id AND v.player = c.known) AS category,
       (SELECT CASE WHEN COALESCE((SELECT vr.high_naming FROM variants vr WHERE vr.code = dl.variant), 0) = 0 THEN CAST(NULLIF((v.strength >> 16) & 15, 0) AS SMALLINT) END FROM hand_values v WHERE c.known IS NOT NULL AND v.deal_id = c.deal_id AND v.player = c.known) AS k1,
       (SELECT CASE WHEN COALESCE((SELECT vr.high_naming FROM variants vr WHERE vr.code = dl.variant), 0) = 0 THEN CAST(NULLIF((v.strength >> 12) & 15, 0) AS SMALLINT) END FROM hand_values v WHERE c.known IS NOT NULL AND v.deal_id = c.deal_id AND v.player = c.known) AS k2,
       (SELECT CASE WHEN COALESCE((SELECT vr.high_naming FROM variants vr WHERE vr.code = dl.variant), 0) = 0 THEN CAST(NULLIF((v.strength >> 8) & 15, 0) AS SMALLINT) END FROM hand_values v WHERE c.known IS NOT NULL AND v.deal_id = c.deal_id AND v.player = c.known) AS k3,
       (SELECT CASE WHEN COALESCE((SELECT vr.high_naming FROM variants vr WHERE vr.code = dl.variant), 0) = 0 THEN CAST(NULLIF((v.strength >> 4) & 15, 0) AS SMALLINT) END FROM hand_values v WHERE c.known IS NOT NULL AND v.deal_id = c.deal_id AND v.player = c.known) AS k4,
       (SELECT CASE WHEN COALESCE((SELECT vr.high_naming FROM variants vr WHERE vr.code = dl.variant), 0) = 0 THEN CAST(NULLIF((v.strength >> 0) & 15, 0) AS SMALLINT) END FROM hand_values v WHERE c.known IS NOT NULL AND v.deal_id = c.deal_id AND v.player = c.known) AS k5,
       (SELECT v.strength FROM hand_values v WHERE c.known IS NOT NULL AND v.deal_id = c.deal_id AND v.player = c.known) AS strength,
       (SELECT (SELECT d.description FROM hand_descriptions d WHERE d.strength = COALESCE((SELECT vr.high_naming FROM variants vr WHERE vr.code = dl.variant), 0) * 16777216 + v.strength) FROM hand_values v WHERE c.known IS NOT NULL AND v.deal_id = c.deal_id AND v.player = c.known) AS description,
       (SELECT l.label FROM hand_labels l WHERE c.known IS NOT NULL AND l.deal_id = c.deal_id AND l.player = c.known) AS label,
       COALESCE((SELECT vv.best FROM variant_values vv WHERE c.known IS NOT NULL AND vv.deal_id = c.deal_id AND vv.player = c.known),
                CASE WHEN dl.board IS NULL AND dl.variant IS NULL THEN c.cards
                     ELSE (SELECT substr(c.cards || ' ' || dl.board, 3 * ((v.best >> 12) & 7) + 1, 2) || ' ' || substr(c.cards || ' ' || dl.board, 3 * ((v.best >> 9) & 7) + 1, 2) || ' ' || substr(c.cards || ' ' || dl.board, 3 * ((v.best >> 6) & 7) + 1, 2) || ' ' || substr(c.cards || ' ' || dl.board, 3 * ((v.best >> 3) & 7) + 1, 2) || ' ' || substr(c.cards || ' ' || dl.board, 3 * ((v.best >> 0) & 7) + 1, 2) FROM hand_values v WHERE c.known IS NOT NULL AND v.deal_id = c.deal_id AND v.player = c.known) END) AS best,
       (SELECT (SELECT hc.name FROM categories hc WHERE hc.id = CASE WHEN COALESCE((SELECT vr.high_naming FROM variants vr WHERE vr.code = dl.variant), 0) = 0 THEN CAST(v.strength >> 20 AS SMALLINT) ELSE (SELECT d.category FROM hand_descriptions d WHERE d.strength = COALESCE((SELECT vr.high_naming FROM variants vr WHERE vr.code = dl.variant), 0) * 16777216 + v.strength) END) FROM hand_values v WHERE c.known IS NOT NULL AND v.deal_id = c.deal_id AND v.player = c.known) AS category_name,
       (SELECT vv.low_strength FROM variant_values vv WHERE c.known IS NOT NULL AND vv.deal_id = c.deal_id AND vv.player = c.known) AS low_strength,
       (SELECT (SELECT d.category FROM hand_descriptions d WHERE d.strength = (SELECT vr.low_naming FROM variants vr WHERE vr.code = dl.variant) * 16777216 + vv.low_strength) FROM variant_values vv WHERE c.known IS NOT NULL AND vv.deal_id = c.deal_id AND vv.player = c.known) AS low_category,
       (SELECT (SELECT lc.name FROM hand_descriptions d JOIN categories lc ON lc.id = d.category WHERE d.strength = (SELECT vr.low_naming FROM variants vr WHERE vr.code = dl.variant) * 16777216 + vv.low_strength) FROM variant_values vv WHERE c.known IS NOT NULL AND vv.deal_id = c.deal_id AND vv.player = c.known) AS low_category_name,
       (SELECT (SELECT d.description FROM hand_descriptions d WHERE d.strength = (SELECT vr.low_naming FROM variants vr WHERE vr.code = dl.variant) * 16777216 + vv.low_strength) FROM variant_values vv WHERE c.known IS NOT NULL AND vv.deal_id = c.deal_id AND vv.player = c.known) AS low_description,
       (SELECT vv.low_best FROM variant_values vv WHERE c.known IS NOT NULL AND vv.deal_id = c.deal_id AND vv.player = c.known) AS low_best,
       (SELECT e.equity FROM hand_equities e WHERE c.known IS NOT NULL AND e.deal_id = c.deal_id AND e.player = c.known) AS equity,
       (SELECT e.allin_equity FROM hand_equities e WHERE c.known IS NOT NULL AND e.deal_id = c.deal_id AND e.player = c.known) AS allin_equity,
       (SELECT (CASE WHEN (e.allin_net) % 10000 = 0 THEN (e.allin_net) / 10000 ELSE (e.allin_net) / 10000.0 END) FROM hand_equities e WHERE c.known IS NOT NULL AND e.deal_id = c.deal_id AND e.player = c.known) AS allin_net,
       c.name,
       (CASE WHEN (s.starting_stack) % 10000 = 0 THEN (s.starting_stack) / 10000 ELSE (s.starting_stack) / 10000.0 END) AS starting_stack,
       s.showed,
       (CASE WHEN (s.put_in) % 10000 = 0 THEN (s.put_in) / 10000 ELSE (s.put_in) / 10000.0 END) AS put_in,
       (CASE WHEN (s.net) % 10000 = 0 THEN (s.net) / 10000 ELSE (s.net) / 10000.0 END) AS net,
       (CASE WHEN (s.winnings) % 10000 = 0 THEN (s.winnings) / 10000 ELSE (s.winnings) / 10000.0 END) AS winnings,
       (CASE WHEN (s.finishing_stack) % 10000 = 0 THEN (s.finishing_stack) / 10000 ELSE (s.finishing_stack) / 10000.0 END) AS finishing_stack,
       (CASE WHEN (s.allin_stake) % 10000 = 0 THEN (s.allin_stake) / 10000 ELSE (s.allin_stake) / 10000.0 END) AS allin_stake,
       (CASE WHEN (s.allin_pot) % 10000 = 0 THEN (s.allin_pot) / 10000 ELSE (s.allin_pot) / 10000.0 END) AS allin_pot,
       (CASE WHEN (s.ante) % 10000 = 0 THEN (s.ante) / 10000 ELSE (s.ante) / 10000.0 END) AS ante,
       (CASE WHEN (s.blind) % 10000 = 0 THEN (s.blind) / 10000 ELSE (s.blind) / 10000.0 END) AS blind,
       s.seat_number,
       s.position,
       (CASE WHEN (s.collected) % 10000 = 0 THEN (s.collected) / 10000 ELSE (s.collected) / 10000.0 END) AS collected,
       (CASE WHEN (s.raked) % 10000 = 0 THEN (s.raked) / 10000 ELSE (s.raked) / 10000.0 END) AS raked,
       (CASE WHEN (s.cashed_out) % 10000 = 0 THEN (s.cashed_out) / 10000 ELSE (s.cashed_out) / 10000.0 END) AS cashed_out,
       dl.currency
FROM (SELECT s.deal_id, s.player, h.player AS known, h.cards, n.name FROM seats s
      LEFT JOIN player_names n ON n.id = s.name_id
      LEFT JOIN hand_cards h ON h.deal_id = s.deal_id AND h.player = s.player
      UNION ALL
      SELECT h.deal_id, h.player, h.player, h.cards, NULL FROM hand_cards h WHERE NOT EXISTS
      (SELECT 1 FROM seats s WHERE s.deal_id = h.deal_id AND s.player = h.player)) c
JOIN deals dl ON dl.id = c.deal_id
LEFT JOIN seats s ON s.deal_id = c.deal_id AND s.player = c.player;
DELETE FROM "sqlite_sequence";
INSERT INTO "sqlite_sequence" VALUES('datasets',0);
