CREATE TABLE `usage_counters` (
	`user_id` text NOT NULL,
	`period_start` integer NOT NULL,
	`requests_made` integer NOT NULL,
	PRIMARY KEY(`user_id`, `period_start`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Backfill (hand-written): count the successful watermark operations already in the ledger, per user and calendar month (UTC).
INSERT INTO `usage_counters` (`user_id`, `period_start`, `requests_made`)
SELECT `user_id`, CAST(strftime('%s', `created_at` / 1000, 'unixepoch', 'start of month') AS INTEGER) * 1000, count(*)
FROM `credit_ledger`
WHERE `operation` NOT IN ('signup-grant', 'grant')
GROUP BY 1, 2;
