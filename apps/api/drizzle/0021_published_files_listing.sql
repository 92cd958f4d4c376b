CREATE INDEX "files_published_at_id" ON "files" USING btree ("published_at","id");--> statement-breakpoint
CREATE INDEX "files_name_id" ON "files" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "files_size_bytes_id" ON "files" USING btree ("size_bytes","id");--> statement-breakpoint
-- Written by hand (drizzle-kit has no collations): digits ordered as numbers, 2.9 before 2.10, for the publishing screen's order by where a file is published (decision 250).
CREATE COLLATION IF NOT EXISTS "natural_order" (provider = icu, locale = 'und-u-kn-true');
