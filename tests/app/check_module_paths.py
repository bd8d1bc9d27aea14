"""Checks that sightline_strategy.py finds the modules a trace names by the profiler's module hierarchy.

Usage: check_module_paths.py DIR

DIR was exported with recompute.layers='nn.Module: BasicBlock_*' from the MI300 ResNet trace of
../shared/traces (kineto/rocm-mi300-ckpt), whose job trained a ResNet-18 with each stage wrapped in a
CheckpointWrapper under DistributedDataParallel. The profiler named its modules by class and number in
the order they were first called ("ResNet_0/CheckpointWrapper_1/Sequential_1/BasicBlock_2"). This builds
a model of the same structure, lets the script find the modules (one forward pass), checks that they
are the eight BasicBlocks of the four stages in order (and that finding them left batch norm's
running statistics as they were), and trains a step with them checkpointed.
Exits 77 (a skip for ctest) without torch.
"""

import sys

from checksupport import arguments, load_strategy


def resnet18(torch):
    nn = torch.nn

    class BasicBlock(nn.Module):
        def __init__(self, cin, cout, stride):
            super().__init__()
            self.conv1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
            self.bn1 = nn.BatchNorm2d(cout)
            self.relu = nn.ReLU(inplace=True)
            self.conv2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
            self.bn2 = nn.BatchNorm2d(cout)
            self.downsample = None
            if stride != 1 or cin != cout:
                self.downsample = nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False), nn.BatchNorm2d(cout))

        def forward(self, x):
            out = self.relu(self.bn1(self.conv1(x)))
            out = self.bn2(self.conv2(out))
            return self.relu(out + (x if self.downsample is None else self.downsample(x)))

    class CheckpointWrapper(nn.Module):
        def __init__(self, module):
            super().__init__()
            self.wrapped = module

        def forward(self, x):
            return self.wrapped(x)

    class ResNet(nn.Module):
        def __init__(self):
            super().__init__()
            self.conv1 = nn.Conv2d(3, 8, 7, 2, 3, bias=False)
            self.bn1 = nn.BatchNorm2d(8)
            self.relu = nn.ReLU(inplace=True)
            self.maxpool = nn.MaxPool2d(3, 2, 1)
            widths = [(8, 8, 1), (8, 16, 2), (16, 32, 2), (32, 64, 2)]
            self.stages = nn.ModuleList(
                CheckpointWrapper(nn.Sequential(BasicBlock(cin, cout, stride), BasicBlock(cout, cout, 1))) for cin, cout, stride in widths)
            self.avgpool = nn.AdaptiveAvgPool2d(1)
            self.fc = nn.Linear(64, 10)

        def forward(self, x):
            x = self.maxpool(self.relu(self.bn1(self.conv1(x))))
            for stage in self.stages:
                x = stage(x)
            return self.fc(torch.flatten(self.avgpool(x), 1))

    return ResNet()


def main():
    (directory,) = arguments(__doc__, 1)
    import torch

    strategy = load_strategy(directory)
    assert len(strategy.CHECKPOINT_MODULES) == 8 and not strategy.CHECKPOINT_LABELS, strategy.CHECKPOINT_MODULES
    torch.manual_seed(0)
    model = resnet18(torch)
    inputs = torch.randn(2, 3, 32, 32)
    statistics = [b.clone() for b in model.buffers()]
    model, targets = strategy.prepare(model, example_inputs=(inputs,))
    assert all(torch.equal(a, b) for a, b in zip(statistics, model.buffers())), "finding the modules changed batch norm's statistics"
    expected = [stage.wrapped[k] for stage in model.stages for k in range(2)]
    assert [id(t) for t in targets] == [id(m) for m in expected], "the script found other modules than the traced BasicBlocks"
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    loss = strategy.train_step(model, optimizer, torch.nn.functional.cross_entropy, (inputs, torch.tensor([1, 2])))
    assert torch.isfinite(loss), loss
    print("sightline_strategy.py: the", len(targets), "module paths of the trace are the model's BasicBlocks; a step trained with them checkpointed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
