import { bookingsExportFailed, successToast, useBookingsExportMutation } from '@bistro/data';
import { notify } from '../shared/notify';

/** "bookings-2031-05-04.csv", dated by the admin's day. */
export function exportFileName(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `bookings-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

/** Saves text as a file through a temporary link (the browser's download). */
function download(text: string, fileName: string) {
  // A byte order mark so spreadsheet apps read the UTF-8 names correctly.
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Exports the bookings the filters show as a CSV download. */
export function useBookingsExport() {
  return useBookingsExportMutation({
    onSuccess: (result) => {
      download(result.csv, exportFileName());
      notify(
        successToast(
          'Bookings Exported',
          `${result.rows} ${result.rows === 1 ? 'booking' : 'bookings'} saved as CSV.`,
        ),
      );
    },
    onError: (error) => notify(bookingsExportFailed(error)),
  });
}
