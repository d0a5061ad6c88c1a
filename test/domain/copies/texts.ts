/** A memo of three paragraphs: room for several VS frames and a robust mark. */
export const MEMO = [
  'The board met on Tuesday to review the third quarter. Revenue rose eleven percent over the same period last ' +
    'year, led by the northern region, while costs stayed flat. The finance team expects the trend to hold ' +
    'through the winter, barring a sharp change in fuel prices. Hiring in the support team will resume in March.',
  'Two proposals were discussed at length. The first would move the data centre to the coast, saving about a ' +
    'fifth of the cooling bill within three years. The second would merge the two sales offices in the south. ' +
    'Neither was decided: both come back in December with a full estimate of the costs and the risks.',
  'Please keep this memo to yourself until the announcement on the first of the month. Questions go to the ' +
    'chief of staff, not to the regional managers, who have not been told yet. Thank you for your discretion ' +
    'and for the work that made this quarter what it was.',
].join('\n\n');
