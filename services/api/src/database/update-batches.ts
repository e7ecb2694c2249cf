/**
 * Statements per `update` command (a bulkWrite of updateOne's). FerretDB 1.24's update handler keeps each statement's
 * SQLite query open until the whole command ends, and its pool holds 100 connections: a command of 100 statements
 * never answers and leaves the engine's writes stuck (docs/decisions/0025-artist-sort-keys-after-the-load.md). 16 leaves room
 * for several such commands at once (replicas, the catalog load's cursors); MongoDB takes any size.
 */
export const UPDATES_PER_COMMAND = 16;
