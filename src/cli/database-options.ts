// The help of --database, shared by every command that can open the database (only option text: no imports)

export const DATABASE_HELP =
  'a PostgreSQL database instead of SQLite in the data folder: postgres://user:password@host:5432/name ' +
  '(default: $WM_DATABASE_URL)';

export const CHANNEL_DATABASE_HELP =
  'with --channel: the PostgreSQL database holding it, postgres://… (default: $WM_DATABASE_URL, else the data ' +
  'folder)';
