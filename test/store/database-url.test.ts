import { describe, expect, it } from 'vitest';
import { withoutPassword } from '../../src/store/database-url.js';

describe('a database URL as printed and logged', () => {
  it.each([
    ['postgres://wm:s3cret@db:5432/wm', 'postgres://wm:***@db:5432/wm'],
    ['postgres://wm@db/wm?password=s3cret&sslmode=require', 'postgres://wm@db/wm?password=***&sslmode=require'],
    [
      'postgresql://wm@db/wm?sslmode=verify-full&PassWord=s3cret',
      'postgresql://wm@db/wm?sslmode=verify-full&PassWord=***',
    ],
    ['postgres://wm@db/wm?sslpassword=s3cret', 'postgres://wm@db/wm?sslpassword=***'],
    ['postgres://wm:a@db/wm?password=s3cret', 'postgres://wm:***@db/wm?password=***'],
    ['no url: wm:s3cret@db?password=s3cret&x=1', 'no url: wm:***@db?password=***&x=1'],
  ])('%s → %s', (url, printed) => {
    expect(withoutPassword(url)).toBe(printed);
    expect(withoutPassword(url)).not.toContain('s3cret');
  });

  it('keeps a URL without a password as it is', () => {
    expect(withoutPassword('postgres://wm@db:5432/wm?sslmode=require')).toBe(
      'postgres://wm@db:5432/wm?sslmode=require',
    );
  });
});
