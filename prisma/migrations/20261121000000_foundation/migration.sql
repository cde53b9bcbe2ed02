-- Foundation: transactional outbox, inbox of processed messages, worker heartbeats.

CREATE TABLE "outbox_message" (
    "id" UUID NOT NULL,
    "topic" VARCHAR(100) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "payload" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "available_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "relayed_at" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    CONSTRAINT "outbox_message_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "outbox_message_attempts_check" CHECK ("attempts" >= 0)
);

CREATE INDEX "outbox_message_pending_idx" ON "outbox_message"("relayed_at", "available_at");

CREATE TABLE "processed_message" (
    "consumer" VARCHAR(100) NOT NULL,
    "message_id" UUID NOT NULL,
    "processed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "processed_message_pkey" PRIMARY KEY ("consumer", "message_id")
);

CREATE TABLE "worker_heartbeat" (
    "worker_id" VARCHAR(100) NOT NULL,
    "beat_at" TIMESTAMPTZ(3) NOT NULL,
    "beats" BIGINT NOT NULL DEFAULT 0,
    CONSTRAINT "worker_heartbeat_pkey" PRIMARY KEY ("worker_id")
);
