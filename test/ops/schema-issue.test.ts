import { describe, expect, it } from 'vitest';
import { describeSchemaIssue } from '../../src/ops/schema-issue.js';

// The one wording of a schema's issue: a REST 400's details and an MCP tool error both come from it.

describe('describeSchemaIssue', () => {
  it('names the field by its path, a missing property by itself, and the input when nothing narrower', () => {
    const issue = (instancePath: string, keyword: string, params: Record<string, unknown>, message?: string) =>
      describeSchemaIssue({ instancePath, keyword, params, message }, 'body');
    expect(issue('', 'required', { missingProperty: 'secret' })).toEqual({ field: 'secret', problem: 'is required' });
    expect(issue('/recipients/2', 'required', { missingProperty: 'name' })).toEqual({
      field: 'recipients[2].name',
      problem: 'is required',
    });
    expect(issue('/permissions/0', 'enum', { allowedValues: ['encode', 'decode'] })).toEqual({
      field: 'permissions[0]',
      problem: 'must be one of: encode, decode',
    });
    expect(issue('/email', 'format', { format: 'email' })).toEqual({
      field: 'email',
      problem: 'is not a valid email address',
    });
    expect(issue('', 'type', { type: 'object' }, 'must be object')).toEqual({
      field: 'body',
      problem: 'must be object',
    });
    expect(issue('/chunkSize', 'minimum', {})).toEqual({ field: 'chunkSize', problem: 'is invalid' });
  });
});
