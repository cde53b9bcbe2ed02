-- Issue 24: Plátýnko (004 Annex 3) tables on the game service's shared round lifecycle.
-- Only the game kind is new: tables, rounds, seats and postings are the same rows as roulette's.
ALTER TYPE "GameKind" ADD VALUE IF NOT EXISTS 'PLATYNKO';
