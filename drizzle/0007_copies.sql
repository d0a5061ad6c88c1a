CREATE TABLE `copies` (
	`id` text PRIMARY KEY NOT NULL,
	`document_id` integer NOT NULL,
	`position` integer NOT NULL,
	`recipient` text NOT NULL,
	`channel_id` text NOT NULL,
	`marks` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `copies_document_position_unique` ON `copies` (`document_id`,`position`);--> statement-breakpoint
CREATE TABLE `document_hashes` (
	`hash` integer NOT NULL,
	`document_id` integer NOT NULL,
	PRIMARY KEY(`hash`, `document_id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_id` text NOT NULL,
	`name` text NOT NULL,
	`characters` integer NOT NULL,
	`fingerprint_version` integer NOT NULL,
	`fingerprint_hashes` integer NOT NULL,
	`fingerprint` blob NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `documents_owner_idx` ON `documents` (`owner_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `fingerprint_keys` (
	`owner_id` text PRIMARY KEY NOT NULL,
	`sealed_key` blob NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
