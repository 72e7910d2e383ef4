import type { ReactNode } from 'react';
import { theme } from '@bistro/ui';

const sections: { title: string; items: [string, string][] }[] = [
  {
    title: 'Small Plates',
    items: [
      ['Crispy Calamari', '$14'],
      ['Truffle Fries', '$9'],
      ['Lake Erie Perch Tacos', '$15'],
    ],
  },
  {
    title: 'Mains',
    items: [
      ['Lakeshore Burger', '$18'],
      ['Blackened Salmon', '$27'],
      ['Mushroom Risotto', '$22'],
    ],
  },
  {
    title: 'Cocktails',
    items: [
      ['Neon Mule', '$13'],
      ['Cuyahoga Old Fashioned', '$15'],
      ['Midnight Espresso Martini', '$14'],
    ],
  },
];

/** The menu, drawn as an image (SVG) so it scales crisply on any phone. */
export function MenuImage({ venueName }: { venueName: string }) {
  const width = 600;
  let y = 120;
  const rows: ReactNode[] = [];
  for (const section of sections) {
    rows.push(
      <text
        key={section.title}
        x={40}
        y={y}
        fill={theme.colors.accent}
        fontSize={26}
        fontFamily="Georgia, serif"
      >
        {section.title}
      </text>,
    );
    y += 40;
    for (const [name, price] of section.items) {
      rows.push(
        <g key={name}>
          <text x={56} y={y} fill={theme.colors.text} fontSize={20}>
            {name}
          </text>
          <text x={width - 40} y={y} fill={theme.colors.text} fontSize={20} textAnchor="end">
            {price}
          </text>
        </g>,
      );
      y += 34;
    }
    y += 24;
  }
  return (
    <svg
      role="img"
      aria-label={`${venueName} menu`}
      viewBox={`0 0 ${width} ${y + 20}`}
      style={{ width: '100%', maxWidth: 600, height: 'auto', display: 'block', margin: '0 auto' }}
    >
      <rect
        x={4}
        y={4}
        width={width - 8}
        height={y + 12}
        rx={18}
        fill="#181425"
        stroke={theme.colors.accent}
        strokeWidth={2}
      />
      <text
        x={width / 2}
        y={70}
        fill={theme.colors.text}
        fontSize={34}
        fontFamily="Georgia, serif"
        textAnchor="middle"
      >
        {venueName} Menu
      </text>
      {rows}
    </svg>
  );
}
