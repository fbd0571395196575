/**
 * A conversation as a list of message bubbles, shared by the widget and the staff inbox. The
 * side that is reading (`mine`) is on the right. Bodies are plain text rendered by React (so
 * escaped), keeping the line breaks typed. Messages not yet stored show their state instead of
 * a time ("pending" while offline, "sending", "not sent").
 */
import classes from './chat.module.css';

export type DisplayMessage = {
  key: string;
  authorKind: 'visitor' | 'staff';
  authorName: string;
  body: string;
  createdAt: string;
  /** Absent for a stored message. */
  state?: 'pending' | 'sending' | 'failed';
};

type Props = {
  messages: readonly DisplayMessage[];
  /** Whose messages are on the right: the reader's side. */
  mine: 'visitor' | 'staff';
  /** The label of the list (e.g. "Conversation with Ada"). */
  label: string;
  /** Who wrote a message, as shown under it ("You" for the reader's own, when given). */
  youLabel?: string;
  formatTime: (iso: string) => string;
  stateLabels: Record<NonNullable<DisplayMessage['state']>, string>;
  testId?: string;
};

export function ChatMessages({ messages, mine, label, youLabel, formatTime, stateLabels, testId }: Props) {
  return (
    <ol className={classes.log} aria-label={label} data-testid={testId}>
      {messages.map((item) => {
        const isMine = item.authorKind === mine;
        const rowClass = [classes.row, isMine ? classes.rowMine : '', item.state ? classes.rowPending : ''].filter(Boolean).join(' ');
        return (
          <li
            key={item.key}
            className={rowClass}
            data-testid="chat-message"
            data-author={item.authorKind}
            data-state={item.state ?? 'sent'}
          >
            <div className={classes.message}>
              <p className={classes.messageBody}>{item.body}</p>
            </div>
            <div className={classes.messageMeta}>
              {isMine && youLabel ? youLabel : item.authorName}
              {' · '}
              {item.state ? (
                <span data-testid="chat-message-state">{stateLabels[item.state]}</span>
              ) : (
                <time dateTime={item.createdAt}>{formatTime(item.createdAt)}</time>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
