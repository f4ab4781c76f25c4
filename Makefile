# Entry points of the harness: see README.md.
#   make test              set up, boot, run every test
#   make test KERNELS=6.12 only the 6.12 kernel's guest tests (default: 6.1 6.12)
#   make run [CMD='...']   set up, boot, run CMD (default: the perf ftrace job)
#   make shell             set up, boot, interactive shell in the guest
#   make deb               Debian's linux-perf, rebuilt with the series
#   make check-deb         install, upgrade and remove it in a chroot
#   make bench             set up, perf ftrace against trace-cmd (bench/)
#   make check-series      checkpatch and build after every patch; git am of the mboxes
#   make mbox              each posted series as an mbox, into $(BUILD)/mbox

BUILD ?= $(CURDIR)/build
SHARE ?= $(CURDIR)
# CMD goes to the guest's shell as it was typed: make must not expand its $.
override CMD := $(value CMD)
export BUILD SHARE CMD

INITRD := $(BUILD)/initramfs.cpio.gz
KERNEL := $(BUILD)/kernel-debug/arch/x86/boot/bzImage

COMMON_CONFIG := kernel-config/base.config kernel-config/tracing.config \
		 kernel-config/ftrace-selftests.config \
		 kernel-config/refcount-tests.config
DEBUG_CONFIG := $(COMMON_CONFIG) kernel-config/refcount-debug.config
NODEBUG_CONFIG := $(COMMON_CONFIG) kernel-config/refcount-nodebug.config

# The second kernel Debian 12 ships, unpatched: the refcount series is
# 6.1's, so its fragments are left out (6.12 has no DEBUG_REFCOUNT nor
# REFCOUNT_KUNIT_TEST).  Its guest runs the perf ftrace guest tests with
# the series' perf.
TREE_612 := $(BUILD)/linux-6.12
TARBALL_612 := /usr/src/linux-source-6.12.tar.xz
CONFIG_612 := kernel-config/base.config kernel-config/tracing.config \
	      kernel-config/ftrace-selftests.config kernel-config/tracing-newer.config
KERNEL_612 := $(BUILD)/kernel-6.12/arch/x86/boot/bzImage

# The kernels make test runs guest tests on: 6.1 (the patched debug and
# nodebug kernels, with the host tests and make deb's package) and 6.12.
KERNELS ?= 6.1 6.12
ifneq ($(filter-out 6.1 6.12,$(KERNELS)),)
$(error KERNELS: unknown $(filter-out 6.1 6.12,$(KERNELS)); known: 6.1 6.12)
endif
TEST_SETUP := $(if $(filter 6.1,$(KERNELS)),setup kernel-nodebug deb) \
	      $(if $(filter 6.12,$(KERNELS)),initramfs kernel-6.12)

.PHONY: all deps tree deb check-deb kernel-debug kernel-nodebug perf tree-unpatched perf-unpatched tree-6.12 kernel-6.12 initramfs setup test run run-6.12 shell bench check-series mbox fuzz clean

all: test

# $(call step,NAME,COMMAND) runs a set-up step and appends "NAME SECONDS" to
# $(STEP_TIMES), which make test prints at its end; deps, the first step of
# every entry point, starts the file afresh.  A make that runs under another
# in the same BUILD (a test's make run, inside make test) skips the steps:
# the make around it has just done them.
ifeq ($(HARNESS_MAKE_BUILD),$(BUILD))
step = :
else
export HARNESS_MAKE_BUILD := $(BUILD)
export STEP_TIMES := $(BUILD)/step-times
step = t0=$$(date +%s) && $(2) && echo "$(1) $$(($$(date +%s) - t0))" >>$(STEP_TIMES)
endif

deps:
	@$(call step,deps,mkdir -p $(BUILD) && : >$(STEP_TIMES) && scripts/install-deps.sh)

tree: deps
	@$(call step,tree,scripts/prepare-tree.sh)

kernel-debug: tree
	@$(call step,kernel-debug,scripts/build-kernel.sh debug $(DEBUG_CONFIG) >/dev/null)

kernel-nodebug: tree
	@$(call step,kernel-nodebug,scripts/build-kernel.sh nodebug $(NODEBUG_CONFIG) >/dev/null)

perf: tree
	@$(call step,perf,scripts/build-perf.sh >/dev/null)

# Debian's linux-perf for the installed linux-source-6.1, rebuilt from the
# patched tree as Debian builds it (scripts/deb/build-deb.sh).
deb: tree
	@$(call step,deb,scripts/deb/build-deb.sh >$(BUILD)/deb-path) && \
		echo "built $$(cat $(BUILD)/deb-path)"

# The package installed for real over Debian's linux-perf, Debian's put
# back, then removed, in a throwaway chroot that mmdebstrap makes from
# Debian's registry (tests/check-deb.sh).  Not part of make test.
check-deb: deb
	@tests/check-deb.sh "$$(cat $(BUILD)/deb-path)"

# An unpatched perf of the same version, to prove it reads our perf.header.
tree-unpatched: deps
	@$(call step,tree-unpatched,mkdir -p $(BUILD)/no-patches && \
		: >$(BUILD)/no-patches/series && TREE=$(BUILD)/linux-unpatched \
		SERIES_DIR=$(BUILD)/no-patches scripts/prepare-tree.sh)

perf-unpatched: tree-unpatched
	@$(call step,perf-unpatched,scripts/build-perf.sh $(BUILD)/linux-unpatched \
		$(BUILD)/perf-unpatched >/dev/null)

tree-6.12: deps
	@$(call step,tree-6.12,mkdir -p $(BUILD)/no-patches && \
		: >$(BUILD)/no-patches/series && TREE=$(TREE_612) \
		SERIES_DIR=$(BUILD)/no-patches TARBALL=$(TARBALL_612) scripts/prepare-tree.sh)

kernel-6.12: tree-6.12
	@$(call step,kernel-6.12,TREE=$(TREE_612) scripts/build-kernel.sh 6.12 $(CONFIG_612) >/dev/null)

initramfs: perf perf-unpatched
	@$(call step,initramfs,initramfs/build-initramfs.sh $(INITRD) >/dev/null)

setup: kernel-debug initramfs

test: $(TEST_SETUP)
	@KERNELS='$(KERNELS)' KUNIT_SUITES=refcount tests/run-tests.sh

run: setup
	@scripts/run-in-guest.sh $(KERNEL) $(INITRD) "$${CMD:-main-job}"

# make run, on the unpatched 6.12 kernel.
run-6.12: initramfs kernel-6.12
	@scripts/run-in-guest.sh $(KERNEL_612) $(INITRD) "$${CMD:-main-job}"

shell: setup
	@mkdir -p $(BUILD)/results/shell
	@qemu/boot.sh shell $(KERNEL) $(INITRD) $(BUILD)/results/shell

# Benchmarks print figures; they never fail on speed.
bench: setup
	@bench/run.sh $(KERNEL) $(INITRD)

# Bisectability: checkpatch and a build after each patch, in a tree of its own.
check-series: deps
	@scripts/check-series.sh $(COMMON_CONFIG)

# What a maintainer receives: a cover letter and the patches of each group.
mbox:
	@scripts/make-mbox.py patches $(BUILD)/mbox

# Fuzz every reader of a recording for FUZZ_SECONDS (libFuzzer, clang):
# perf.header, the tracing data, the event formats and the pages.
FUZZ_SECONDS ?= 120
fuzz: tree
	@tests/fuzz/run.sh $(BUILD)/linux $(FUZZ_SECONDS)

clean:
	rm -rf $(BUILD)
