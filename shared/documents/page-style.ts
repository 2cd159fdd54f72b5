// The public pages' one stylesheet: inlined in each page, so a page needs no second request.
export const PAGE_STYLE = `
  body { font-family: system-ui, sans-serif; color: #1a1a1a; margin: 0 auto; max-width: 48rem; padding: 1rem;
    line-height: 1.4; }
  header { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: .5rem; }
  h1 { font-size: 1.5rem; margin: .5rem 0; }
  h2 { font-size: 1rem; margin: 1rem 0 .3rem; color: #555; }
  .logo { max-width: 12rem; max-height: 4rem; }
  .mark { font-size: 1.4rem; font-weight: 700; letter-spacing: .1em; padding: .2rem .8rem; border: 3px solid currentColor;
    color: #0a6; transform: rotate(6deg); }
  .mark.void { color: #c22; }
  .parties { display: grid; grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); gap: 1rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }
  dt { font-weight: 600; } dd { margin: 0; }
  .scroll { overflow-x: auto; }
  .payment { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 1rem; align-items: flex-start; }
  figure { margin: 0; text-align: center; font-size: .8rem; color: #555; }
  table { width: 100%; border-collapse: collapse; margin: 1rem 0; }
  th, td { padding: .4rem; border-bottom: 1px solid #ddd; text-align: left; }
  td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; }
  .totals { margin-left: auto; width: auto; min-width: 16rem; }
  .pay { font-size: 1.1rem; padding: .6rem 1.4rem; background: #0a5; color: #fff; border: 0; border-radius: .3rem;
    cursor: pointer; }
  .notice { padding: .6rem; background: #fee; border-radius: .3rem; }
  .breakdown th { overflow-wrap: anywhere; }
  .detail { display: none; color: #555; }
  @media (max-width: 30rem) {
    .optional { display: none; }
    .detail { display: block; }
    body { padding: .5rem; }
    th, td { padding: .3rem .2rem; }
  }
`;
