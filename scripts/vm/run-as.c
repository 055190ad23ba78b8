/* run-as UID GID PROGRAM [ARGS...]: runs PROGRAM as an unprivileged user with
 * no supplementary groups. The VM's busybox cannot look users up (static
 * glibc has no NSS there), so the permission-denied check uses this. */
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: run-as UID GID PROGRAM [ARGS...]\n");
        return 2;
    }
    gid_t gid = (gid_t)atoi(argv[2]);
    uid_t uid = (uid_t)atoi(argv[1]);
    if (setgroups(0, NULL) != 0 || setgid(gid) != 0 || setuid(uid) != 0) {
        perror("run-as");
        return 2;
    }
    execv(argv[3], argv + 3);
    perror("run-as: exec");
    return 127;
}
