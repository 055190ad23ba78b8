/* kd-mode TTY: prints the VT's console mode, "text" (KD_TEXT, fbcon draws)
 * or "graphics" (KD_GRAPHICS, an app owns the screen), by KDGETMODE. The VM's
 * busybox has no applet for it; the fbdev check reads tty1's mode before,
 * during and after the app with it. */
#include <fcntl.h>
#include <linux/kd.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: kd-mode /dev/ttyN\n");
        return 2;
    }
    int fd = open(argv[1], O_RDONLY | O_NOCTTY);
    unsigned int mode = 0;
    if (fd < 0 || ioctl(fd, KDGETMODE, &mode) != 0) {
        perror("kd-mode");
        return 1;
    }
    printf("%s\n", mode == KD_TEXT ? "text" : mode == KD_GRAPHICS ? "graphics" : "other");
    close(fd);
    return 0;
}
