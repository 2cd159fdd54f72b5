// An invoked function for the local Lambda endpoint's own tests: it answers, fails, spins forever or
// grows until its memory runs out, as asked.
export async function handler(event: { do: 'answer' | 'fail' | 'spin' | 'grow' }): Promise<unknown> {
  if (event.do === 'fail') throw new TypeError('asked to fail');
  if (event.do === 'spin') for (;;);
  if (event.do === 'grow') {
    const hoard: number[][] = [];
    for (;;) hoard.push(new Array(1_000_000).fill(hoard.length));
  }
  return { answered: event.do };
}
