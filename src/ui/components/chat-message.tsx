/**
 * One chat message. An answer shows its confidence with what it means, each of its claims
 * with the pages stating it (the sentence on hover or tap), its sources as chips (an entity
 * opens its page, a page opens in a tab), follow-ups as buttons, and a reply button; a merge proposal names both entities with their types and waits for the
 * user's confirmation.
 */
import { isEntityType } from '../../core/graph/types';
import { isAnswerBlock } from '../../core/query/query-response';
import { CONFIDENCE_MEANING } from '../qa/confidence-words';
import { AnswerClaims } from './answer-claims';
import type { ChatMessage } from '../slices/qa-slice';
import { usePanelStore } from '../store';
import { EntityLink } from './entity-link';
import { PageLink } from './page-link';

/** Page chips shown per answer at most. */
const MAX_PAGE_CHIPS = 6;

function Sources({ message }: { readonly message: ChatMessage }) {
  const sources = message.sources ?? [];
  if (sources.length === 0) return null;
  const pages = [...new Map(sources.flatMap((s) => s.pages).map((p) => [p.url, p])).values()].slice(0, MAX_PAGE_CHIPS);
  return (
    <div className="sources" aria-label="Sources">
      {sources.map((s) => (
        <span key={s.entityId} className="chip" data-testid="source-entity">
          <EntityLink id={s.entityId} name={s.name} type={isEntityType(s.type) ? s.type : 'other'} />
        </span>
      ))}
      {pages.map((p) => (
        <span key={p.url} className="chip page" data-testid="source-page">
          <PageLink url={p.url} title={p.title} />
        </span>
      ))}
    </div>
  );
}

/**
 * The message's words: its paragraphs and lists when the answer has that structure, else
 * its text. Everything is a React text node: words from pages can never become markup.
 */
function MessageBody({ message }: { readonly message: ChatMessage }) {
  const blocks = message.streaming ? undefined : message.blocks;
  if (blocks === undefined || blocks.length === 0 || !blocks.every(isAnswerBlock)) {
    return (
      <p className="text" aria-busy={message.streaming === true}>
        {message.text || (message.streaming ? 'Thinking…' : '')}
      </p>
    );
  }
  return (
    <div className="text" data-testid="answer-body">
      {blocks.map((block, i) =>
        block.kind === 'paragraph' ? (
          <p key={i}>{block.text}</p>
        ) : (
          <ul key={i} className="answer-list">
            {block.items.map((item, j) => (
              <li key={j}>{item}</li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}

export function ChatMessageView({ message }: { readonly message: ChatMessage }) {
  const askQuestion = usePanelStore((s) => s.askQuestion);
  const setReplyTo = usePanelStore((s) => s.setReplyTo);
  const confirmProposal = usePanelStore((s) => s.confirmProposal);
  const busy = usePanelStore((s) => s.qa.busy);
  const mine = message.role === 'user';
  return (
    <li
      className={`message ${mine ? 'mine' : 'theirs'} ${message.error ? 'failed' : ''}`}
      data-testid={mine ? 'chat-question' : 'chat-answer'}
    >
      <MessageBody message={message} />
      {message.confidence && (
        <p className={`confidence c-${message.confidence}`} data-testid="confidence">
          Confidence: {message.confidence} <span className="muted">— {CONFIDENCE_MEANING[message.confidence]}</span>
        </p>
      )}
      {message.notices?.map((n) => (
        <p key={n} className="muted small">
          {n}
        </p>
      ))}
      {!message.streaming && <AnswerClaims claims={message.claims} />}
      <Sources message={message} />
      {message.proposal?.state === 'open' && (
        <div className="actions">
          <button type="button" onClick={() => void confirmProposal(message.id, true)} data-testid="confirm-proposal">
            Merge
          </button>
          <button type="button" onClick={() => void confirmProposal(message.id, false)}>
            Don't
          </button>
        </div>
      )}
      {message.choices && (
        <ul className="plain" aria-label="Possible meanings">
          {message.choices.map((c) => (
            <li key={c.id}>{c.id.startsWith('e_') ? <EntityLink id={c.id} name={c.label} type="other" /> : c.label}</li>
          ))}
        </ul>
      )}
      {message.followUps && message.followUps.length > 0 && (
        <div className="followups" aria-label="Follow-up questions">
          {message.followUps.map((f) => (
            <button key={f} type="button" className="small" disabled={busy} onClick={() => void askQuestion(f)} data-testid="follow-up">
              {f}
            </button>
          ))}
        </div>
      )}
      {!mine && !message.streaming && !message.error && (
        <button type="button" className="small link" onClick={() => setReplyTo(message.id)}>
          Reply
        </button>
      )}
    </li>
  );
}
