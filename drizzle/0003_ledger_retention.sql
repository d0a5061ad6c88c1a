CREATE TABLE `ledger_retention` (
	`id` integer PRIMARY KEY NOT NULL,
	`complete_since` integer NOT NULL,
	CONSTRAINT "ledger_retention_one_row" CHECK("ledger_retention"."id" = 1)
);
