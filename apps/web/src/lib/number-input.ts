// What a number input holds, for react-hook-form's `setValueAs`: the number typed, or `empty` when the box
// is blank (the shared schemas tell a blank from 0: an optional age is null, a required year undefined).
export const numberOr =
  <Empty extends null | undefined>(empty: Empty) =>
  (value: unknown): number | Empty =>
    value === '' || value === null || value === undefined ? empty : Number(value);
