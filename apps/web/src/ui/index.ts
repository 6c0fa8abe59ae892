/** The shared widgets of spec §2. Import from here or from the individual modules. */
export { alertMsg, toast, confirm, showLoading, hideLoading, type ConfirmOptions } from './dialogs';
export { showNoContent, type NoContentOptions, type NoContentHandle, type NoContentCloseReason } from './no-content';
export { LoadingOverlay } from './loading-overlay';
export { EmptyData, type EmptyDataProps } from './empty-data';
export { DateTimePicker, type DateTimePickerProps } from './date-time-picker';
export { Page, type PageProps } from './page';
export { Modal, type ModalProps } from './modal';
export { BuyPrompt, ClassicBuyPrompt, SheetBuyPrompt, BUY_TEXT, type BuyPromptProps } from './buy-prompt';
export { BuyDialog, type BuyDialogProps } from './buy-dialog';
export { buyAppPath, buyAction, stopNativeVideo } from './buy-flow';
