-- 004 čl. 4.2: contracts signed at a branch (issue 25).
CREATE TABLE "branch_contract" (
    "player_id" UUID NOT NULL,
    "branch_code" VARCHAR(40) NOT NULL,
    "entered_by" VARCHAR(100) NOT NULL,
    "id_document_type" VARCHAR(40) NOT NULL,
    "id_document_number_encrypted" TEXT NOT NULL,
    "id_document_valid_until" DATE NOT NULL,
    "pin_hash" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "concluded_at" TIMESTAMPTZ(3),

    CONSTRAINT "branch_contract_pkey" PRIMARY KEY ("player_id")
);
