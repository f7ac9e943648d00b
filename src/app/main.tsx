// Placeholder entry until the shell lands (issue 4).
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(<div>Loading…</div>);
