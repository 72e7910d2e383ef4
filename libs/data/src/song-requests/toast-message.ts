/** A toast the lounge domains hand to @bistro/ui's toast() (libs/data does not import ui). */
export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'default' | 'success' | 'destructive';
}
