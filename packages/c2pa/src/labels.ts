import { c2paUuid } from './jumbf.js';

/** The labels and box types of a C2PA manifest store (C2PA 2.x, "Manifest store" and "Standard assertions"). */
export const UUID = {
  store: c2paUuid('c2pa'),
  manifest: c2paUuid('c2ma'),
  assertions: c2paUuid('c2as'),
  claim: c2paUuid('c2cl'),
  signature: c2paUuid('c2cs'),
  cborAssertion: c2paUuid('cbor'),
};

export const LABEL = {
  store: 'c2pa',
  assertions: 'c2pa.assertions',
  claim: 'c2pa.claim.v2',
  claimV1: 'c2pa.claim',
  signature: 'c2pa.signature',
  actions: 'c2pa.actions.v2',
  actionsV1: 'c2pa.actions',
  dataHash: 'c2pa.hash.data',
  softBinding: 'c2pa.soft-binding',
};

/** The hashed-URI form of an assertion of the same manifest (a "self#jumbf" reference). */
export const assertionUrl = (label: string): string => `self#jumbf=${LABEL.assertions}/${label}`;
export const SIGNATURE_URL = `self#jumbf=${LABEL.signature}`;
