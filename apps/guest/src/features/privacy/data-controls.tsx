import styled from 'styled-components';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Download, Trash2 } from 'lucide-react';
import { Button, Card, Dialog, Muted, Row, toast } from '@bistro/ui';
import { signOut } from '@bistro/auth';
import {
  DELETE_ACCOUNT_CONFIRM,
  accountDeleted,
  dataExported,
  deleteFailed,
  exportFailed,
  fetchAccountExport,
  useAccountDeleteMutation,
} from '@bistro/data';
import { CardTitle } from '../shared/styles';
import { downloadJson } from './download-json';

const DataCard = styled(Card)`
  margin-top: 24px;
`;

const DialogActions = styled(Row)`
  justify-content: flex-end;
`;

/** Export-data and delete-account controls (signed-in members only). */
export function DataControls({ userId }: { userId: string }) {
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const remove = useAccountDeleteMutation({
    onSuccess: async () => {
      setConfirming(false);
      toast(accountDeleted);
      await signOut();
      navigate('/', { replace: true });
    },
    onError: (error) => {
      console.error('Account deletion failed', error);
      toast(deleteFailed);
    },
  });

  const onExport = async () => {
    setExporting(true);
    try {
      const data = await fetchAccountExport({ userId });
      downloadJson(`my-data-${data.exported_at.slice(0, 10)}.json`, data);
      toast(dataExported);
    } catch (error) {
      console.error('Data export failed', error);
      toast(exportFailed);
    } finally {
      setExporting(false);
    }
  };

  return (
    <DataCard as="section" aria-labelledby="data-controls-title">
      <CardTitle id="data-controls-title">Your Data</CardTitle>
      <Muted>
        Download a copy of everything we hold about you, or delete your account data for good.
      </Muted>
      <Row $gap={3}>
        <Button type="button" onClick={() => void onExport()} disabled={exporting}>
          <Download aria-hidden size={18} />
          {exporting ? 'Exporting…' : 'Export My Data'}
        </Button>
        <Button type="button" $variant="danger" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden size={18} />
          Delete My Account
        </Button>
      </Row>
      <Dialog
        open={confirming}
        onOpenChange={(open) => !remove.isPending && setConfirming(open)}
        title="Delete account"
        description={DELETE_ACCOUNT_CONFIRM}
      >
        <DialogActions $gap={3}>
          <Button
            type="button"
            $variant="ghost"
            onClick={() => setConfirming(false)}
            disabled={remove.isPending}
          >
            Cancel
          </Button>
          <Button
            type="button"
            $variant="danger"
            onClick={() => remove.mutate({ userId })}
            disabled={remove.isPending}
          >
            {remove.isPending ? 'Deleting…' : 'Delete Account'}
          </Button>
        </DialogActions>
      </Dialog>
    </DataCard>
  );
}
