import { afterAll } from 'vitest';
import { closePostgresTestDatabases } from '../database.js';

// every test file runs in a fresh module context: its databases and connections end with it
afterAll(closePostgresTestDatabases);
