ALTER TABLE "pibs" ADD COLUMN "document_number" text;--> statement-breakpoint
ALTER TABLE "pibs" ADD COLUMN "document_title" text;--> statement-breakpoint
ALTER TABLE "pibs" ADD COLUMN "revision" text;--> statement-breakpoint
ALTER TABLE "pibs" ADD COLUMN "effective_date" date;--> statement-breakpoint
ALTER TABLE "dsvs" ADD COLUMN "document_number" text;--> statement-breakpoint
ALTER TABLE "dsvs" ADD COLUMN "document_title" text;--> statement-breakpoint
ALTER TABLE "dsvs" ADD COLUMN "revision" text;--> statement-breakpoint
ALTER TABLE "dsvs" ADD COLUMN "effective_date" date;