DROP INDEX "sbom_components_name_key";--> statement-breakpoint
DROP INDEX "sbom_components_purl_key";--> statement-breakpoint
ALTER TABLE "file_withdrawals" ADD COLUMN "withdrawn_with" uuid;--> statement-breakpoint
ALTER TABLE "file_withdrawals" ADD CONSTRAINT "file_withdrawals_withdrawn_with_files_id_fk" FOREIGN KEY ("withdrawn_with") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sbom_components_name_key" ON "sbom_components" USING btree ("name_key" COLLATE "C","release_key","position");--> statement-breakpoint
CREATE INDEX "sbom_components_purl_key" ON "sbom_components" USING btree ("purl_key" COLLATE "C","release_key","position");