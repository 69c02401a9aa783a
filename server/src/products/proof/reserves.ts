import type { Reserves } from '@contract/proof';
import type { Money } from '../../ledger/index';

/**
 * A custody attestation of the operator's reserves (see README.md). `read` returns the attested
 * amounts per currency name at the time of the snapshot, or null when none is available; the
 * snapshot then says "not attested" rather than showing anything else.
 */
export interface ReserveAttestation {
  read(
    currencies: readonly string[],
    at: Date,
  ): Promise<{ source: string; attestedAt: Date; amounts: Record<string, string> } | null>;
}

export const NOT_ATTESTED: Reserves = { status: 'not_attested', amounts: null, source: null, attested_at: null };

/** Demo mode: the house's own ledger holdings, labelled as demo. */
export function demoReserves(names: readonly string[], house: readonly Money[]): Reserves {
  return {
    status: 'demo',
    amounts: Object.fromEntries(names.map((n, i) => [n, (house[i] as Money).toFixed()])),
    source: 'ledger:house',
    attested_at: null,
  };
}

export async function attestedReserves(
  attestation: ReserveAttestation | undefined,
  names: readonly string[],
  at: Date,
): Promise<Reserves> {
  const found = attestation ? await attestation.read(names, at) : null;
  if (!found) return NOT_ATTESTED;
  return { status: 'attested', amounts: found.amounts, source: found.source, attested_at: found.attestedAt.getTime() };
}
