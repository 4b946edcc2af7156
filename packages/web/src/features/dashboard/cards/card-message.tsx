import Typography from '@mui/material/Typography';

/** An empty or problem state inside a card ('No data for period', 'Source data not found', …). */
export function CardMessage({ text }: { text: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ py: 2, textAlign: 'center' }} data-testid="card-message">
      {text}
    </Typography>
  );
}
