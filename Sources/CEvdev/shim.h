#ifndef PANELKIT_CEVDEV_SHIM_H
#define PANELKIT_CEVDEV_SHIM_H

// libevdev, which also brings in <linux/input.h> and the kernel's event codes
// (EV_*, SYN_*, ABS_*, BTN_*, INPUT_PROP_*), all plain integer macros that
// Swift imports as constants.

#include <libevdev/libevdev.h>

#endif
