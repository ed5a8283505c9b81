import type { LegalBlock, LegalList, LegalRun } from '@ceppro/contract';
import type { ReactNode } from 'react';

/**
 * A legal document's blocks (parsed from the operator's Markdown by the server) as React elements:
 * text only, so nothing in a document can inject markup or script. Links open in a new tab.
 */
export function LegalBlocks({ blocks }: { blocks: readonly LegalBlock[] }) {
  return <>{blocks.map((block, i) => renderBlock(block, i))}</>;
}

function renderBlock(block: LegalBlock, key: number): ReactNode {
  switch (block.type) {
    case 'heading': {
      const Heading = (['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const)[block.level - 1] ?? 'h6';
      return (
        <Heading key={key} className={`legal__h${block.level}`}>
          <Runs runs={block.runs} />
        </Heading>
      );
    }
    case 'paragraph':
      return (
        <p key={key} className="legal__p">
          <Runs runs={block.runs} />
        </p>
      );
    case 'rule':
      return <hr key={key} className="legal__rule" />;
    case 'list':
      return <List key={key} list={block} />;
  }
}

function List({ list }: { list: LegalList }) {
  const items = list.items.map((item, i) => (
    <li key={i}>
      <Runs runs={item.runs} />
      {item.lists.map((nested, j) => (
        <List key={j} list={nested} />
      ))}
    </li>
  ));
  return list.ordered ? (
    <ol className="legal__list" start={list.start}>
      {items}
    </ol>
  ) : (
    <ul className="legal__list">{items}</ul>
  );
}

function Runs({ runs }: { runs: readonly LegalRun[] }) {
  return (
    <>
      {runs.map((run, i) => {
        let node: ReactNode = run.text;
        if (run.em) node = <em>{node}</em>;
        if (run.strong) node = <strong>{node}</strong>;
        if (run.href)
          node = (
            <a href={run.href} target="_blank" rel="noopener noreferrer">
              {node}
            </a>
          );
        return <span key={i}>{node}</span>;
      })}
    </>
  );
}
