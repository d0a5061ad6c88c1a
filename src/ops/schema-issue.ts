/**
 * A problem a JSON Schema validator (Ajv) found in input, as both faces that validate against the table's schemas
 * get it: the HTTP routes (a request's body, query or parameters) and the MCP tools (a call's arguments).
 */
export interface SchemaIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** An input field and what is wrong with it, in the words every face shows a person. */
export interface FieldProblem {
  field: string;
  problem: string;
}

/** "/permissions/0" → "permissions[0]"; a missing property is named by itself; `whole` names the input itself. */
function fieldOf(issue: SchemaIssue, whole: string): string {
  const path = issue.instancePath
    .split('/')
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join('')
    .replace(/^\./, '');
  const missing = issue.keyword === 'required' ? String(issue.params.missingProperty) : '';
  return [path, missing].filter(Boolean).join('.') || whole;
}

function problemOf(issue: SchemaIssue): string {
  if (issue.keyword === 'required') return 'is required';
  if (issue.keyword === 'format' && issue.params.format === 'email') return 'is not a valid email address';
  if (issue.keyword === 'enum') return `must be one of: ${(issue.params.allowedValues as unknown[]).join(', ')}`;
  return issue.message ?? 'is invalid';
}

/**
 * The one wording of a schema's issue: which field (`whole` when it is the input itself: "body", "arguments") and
 * what is wrong with it. A REST 400 lists them in `details`; an MCP tool error says the first.
 */
export function describeSchemaIssue(issue: SchemaIssue, whole: string): FieldProblem {
  return { field: fieldOf(issue, whole), problem: problemOf(issue) };
}
