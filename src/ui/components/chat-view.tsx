/**
 * The Q&A chat of this window: questions answered from the graph (offline by
 * default, or by the LLM set in Settings), streamed, with sources; replies keep
 * context ("who founded this company?", "merge it with the previous one"). Before the first
 * question it says whether a model answers, with a link to Settings' LLM block.
 */
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { usePanelStore } from '../store';
import { ChatMessageView } from './chat-message';

/** Longest question accepted (the query loop's own limit). */
const MAX_QUESTION = 2000;
/** Questions that work on any graph, however new (each is in the README and tested there). */
const EXAMPLES = ['What did I read today?', 'List the companies', 'What are the most connected entities?'];

export function ChatView() {
  const qa = usePanelStore((s) => s.qa);
  const askQuestion = usePanelStore((s) => s.askQuestion);
  const setReplyTo = usePanelStore((s) => s.setReplyTo);
  const loadHistory = usePanelStore((s) => s.loadHistory);
  const showSettings = usePanelStore((s) => s.showSettings);
  const provider = usePanelStore((s) => s.settings.value.llm.provider);
  const [text, setText] = useState('');
  const end = useRef<HTMLDivElement>(null);
  const replyingTo = qa.messages.find((m) => m.id === qa.replyTo);

  useEffect(() => {
    void loadHistory();
  }, [loadHistory]);

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [qa.messages]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const question = text;
    setText('');
    void askQuestion(question);
  };

  return (
    <section aria-label="Ask" className="stack chat">
      {qa.messages.length === 0 && (
        <div className="empty">
          <p>Ask about what you have browsed. Answers come only from your graph, with their sources.</p>
          <p className="muted small">
            {provider === 'none' ? 'Answered offline, without a language model.' : 'Answered with the language model set in Settings.'}{' '}
            <button type="button" className="link" onClick={() => showSettings('llm')} data-testid="ask-llm-settings">
              {provider === 'none' ? 'Set up a language model' : 'Change the model'}
            </button>
          </p>
          <div className="followups">
            {EXAMPLES.map((q) => (
              <button key={q} type="button" className="small" onClick={() => void askQuestion(q)}>
                {q}
              </button>
            ))}
          </div>
        </div>
      )}
      <ol className="messages" aria-live="polite" aria-label="Conversation" data-testid="chat">
        {qa.messages.map((m) => (
          <ChatMessageView key={m.id} message={m} />
        ))}
      </ol>
      <div ref={end} />
      <form onSubmit={submit} className="composer">
        {replyingTo && (
          <p className="muted small">
            Replying to “{replyingTo.text.slice(0, 60)}”{' '}
            <button type="button" className="small" onClick={() => setReplyTo(undefined)}>
              Cancel
            </button>
          </p>
        )}
        <label htmlFor="question" className="sr-only">
          Question
        </label>
        <input
          id="question"
          value={text}
          maxLength={MAX_QUESTION}
          placeholder="Ask a question…"
          onChange={(e) => setText(e.target.value)}
          data-testid="chat-input"
          autoComplete="off"
        />
        <button type="submit" disabled={qa.busy || text.trim() === ''}>
          Ask
        </button>
      </form>
    </section>
  );
}
