/**
 * `iterator`, calling `ended` once when its iteration is over, however it ends: it is done, it
 * throws, or its reader stops early (`return`, even before the first `next`). For work held on
 * behalf of what an iterator produces (a place in a queue) that must be given back as soon as
 * nothing more will be produced, not when whatever reads it closes much later.
 */
export function whenIterationEnds<T>(iterator: AsyncIterator<T>, ended: () => void): AsyncIterator<T> {
  let over = false;
  const end = (): void => {
    if (over) return;
    over = true;
    ended();
  };
  return {
    async next() {
      try {
        const result = await iterator.next();
        if (result.done === true) end();
        return result;
      } catch (error) {
        end();
        throw error;
      }
    },
    async return(value?: unknown) {
      end();
      return iterator.return === undefined ? { done: true, value } : iterator.return(value);
    },
  };
}
