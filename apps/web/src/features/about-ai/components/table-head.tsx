/** An about-AI table's head: the row heading's column, then the figures' columns (right-aligned). */
export function TableHead({ first, figures }: { first: string; figures: string[] }) {
  return (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        {figures.map((figure, i) => (
          <th key={i} scope="col" className="about-ai__num">
            {figure}
          </th>
        ))}
      </tr>
    </thead>
  );
}
