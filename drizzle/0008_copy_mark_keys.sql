-- Rebuilds copies to let channel_id be null (copies sealed with the account's copy-mark key). Safe inside the
-- migration's transaction, where PRAGMA foreign_keys=OFF has no effect: no table references copies, so dropping it
-- deletes nothing else.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_copies` (
	`id` text PRIMARY KEY NOT NULL,
	`document_id` integer NOT NULL,
	`position` integer NOT NULL,
	`recipient` text NOT NULL,
	`channel_id` text,
	`marks` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_copies`("id", "document_id", "position", "recipient", "channel_id", "marks", "created_at") SELECT "id", "document_id", "position", "recipient", "channel_id", "marks", "created_at" FROM `copies`;--> statement-breakpoint
DROP TABLE `copies`;--> statement-breakpoint
ALTER TABLE `__new_copies` RENAME TO `copies`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `copies_document_position_unique` ON `copies` (`document_id`,`position`);