import type { Static } from '@sinclair/typebox';
import type * as shapes from '../shapes/copies.js';
import type * as variants from '../shapes/variants.js';

// The copies operations' inputs and results (HTTP, MCP and `wm copies|trace --json`): the Static<> types of their
// shapes (../shapes/copies.ts), declared once there; the domain imports them as types only.

export { TRACE_VERDICTS, type TraceVerdict } from './values.js';

export type IssueCopiesInput = Static<typeof shapes.IssueCopiesInput>;
export type TraceInput = Static<typeof shapes.TraceInput>;
export type ListCopiesInput = Static<typeof shapes.ListCopiesInput>;

export type CopyMarks = Static<typeof shapes.CopyMarks>;
export type DocumentInfo = Static<typeof shapes.DocumentInfo>;
export type IssuedCopy = Static<typeof shapes.IssuedCopy>;
export type CopyRecord = Static<typeof shapes.CopyRecord>;
export type TracedRecipient = Static<typeof shapes.TracedRecipient>;
export type TracedDocument = Static<typeof shapes.TracedDocument>;
export type UnconfirmedMark = Static<typeof shapes.UnconfirmedMark>;

export type IssueCopiesResult = Static<typeof shapes.IssueCopiesResult>;
export type ListCopiesResult = Static<typeof shapes.ListCopiesResult>;
export type TraceResult = Static<typeof shapes.TraceResult>;

export type VariantsRequest = Static<typeof variants.VariantsRequest>;
export type VariantsCapacity = Static<typeof variants.VariantsCapacity>;
export type VariantDifference = Static<typeof variants.VariantDifference>;
export type VariantScore = Static<typeof variants.VariantScore>;
export type TracedVariants = Static<typeof shapes.TracedVariants>;
export type PreviewCopiesResult = Static<typeof variants.PreviewCopiesResult>;
