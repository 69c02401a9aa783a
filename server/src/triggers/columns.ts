/**
 * What an index keeps of each id, by `IdTable` row, in one `Float64Array`: the fields of row r at
 * `values[r * stride + field]`, side by side, so what a tick reads of an id is one or two cache
 * lines of numbers rather than an object per id that may lie anywhere on the heap (or one array
 * per field, a line each). `reserve(row)` before writing a row grows the array (doubling); it
 * never shrinks, like the table's rows (at most the most ids held at once). Unwritten fields are NaN.
 */
export class RowFields {
  values: Float64Array;

  constructor(readonly stride: number) {
    this.values = new Float64Array(8 * stride).fill(NaN);
  }

  /** Makes room for `row`; returns the index of its first field. */
  reserve(row: number): number {
    const at = row * this.stride;
    if (at + this.stride > this.values.length) {
      const next = new Float64Array(Math.max(at + this.stride, 2 * this.values.length)).fill(NaN);
      next.set(this.values);
      this.values = next;
    }
    return at;
  }
}
