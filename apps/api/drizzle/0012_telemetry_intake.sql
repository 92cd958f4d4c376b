CREATE TABLE "telemetry_intake_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"stored" bigint DEFAULT 0 NOT NULL,
	"over_budget" bigint DEFAULT 0 NOT NULL,
	"low_disk" bigint DEFAULT 0 NOT NULL
);
