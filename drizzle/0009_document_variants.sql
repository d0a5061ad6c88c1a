CREATE TABLE `document_variants` (
	`document_id` integer PRIMARY KEY NOT NULL,
	`salt` blob NOT NULL,
	`record` blob NOT NULL,
	`classes` text NOT NULL,
	`sites` integer NOT NULL,
	`positions` integer NOT NULL,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade
);
