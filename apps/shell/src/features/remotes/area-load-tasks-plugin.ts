import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { nextTask } from '@bistro/data';

/**
 * Runtime plugin of the browser: loading an area's App runs in three tasks
 * rather than one after its entry script arrives (on a phone they were one long
 * task each time): the entry's set-up with the shared singletons, then getting
 * the App module (matching each shared module the App's code needs and
 * fetching its chunk), then, once that chunk is there, evaluating the App's
 * modules. Nothing changes in what is loaded or in what order.
 */
export default function areaLoadTasksPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'bistro-area-load-tasks',
    beforeGetExpose: () => nextTask(),
    beforeExecuteFactory: () => nextTask(),
  };
}
