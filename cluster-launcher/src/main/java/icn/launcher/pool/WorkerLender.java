package icn.launcher.pool;

import java.util.List;

/** Where a job's runner borrows free workers for single runs of a sweep, and gives them back: the head's scheduler. */
interface WorkerLender {

    /** Up to {@code n} free workers (cluster addresses) for job {@code jobId}, now; perhaps none. */
    List<String> lease(String jobId, int n);

    /** Worker {@code worker}, lent to job {@code jobId}, is given back. */
    void release(String jobId, String worker);
}
