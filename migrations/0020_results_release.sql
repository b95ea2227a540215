-- When students see their results (issue 37, decision 041): each room's
-- release mode ('immediately' keeps today's behaviour for every existing room),
-- the time of an 'at' release, when the results were released (by hand or by
-- the room's alarm; null again on Withdraw release), and the review options
-- (JSON; null is the defaults).
ALTER TABLE `test_rooms` ADD `results_release` text DEFAULT 'immediately' NOT NULL;--> statement-breakpoint
ALTER TABLE `test_rooms` ADD `results_release_at` integer;--> statement-breakpoint
ALTER TABLE `test_rooms` ADD `results_released_at` integer;--> statement-breakpoint
ALTER TABLE `test_rooms` ADD `review_options` text;