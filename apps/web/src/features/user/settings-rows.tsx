import { badgeText, messagesLabel, useUnreadMessages } from '../../entities/message/api';
import { LinkRow } from '../../ui/rows';

/** 我的消息, with the unread count once known. */
export function MessagesRow() {
  const total = useUnreadMessages().data?.total;
  return <LinkRow to="/myMessage" label="我的消息" badge={badgeText(total)} ariaLabel={messagesLabel(total)} />;
}
